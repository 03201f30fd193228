// Package rules is the API server's handling of a CRD's x-kubernetes-validations, run by the
// studio: the rules compiled and cost-estimated as a CRD create compiles them, and evaluated
// against an object (with oldSelf, messageExpression and ratcheting) as a create or update of
// a custom resource evaluates them. The work is done by k8s.io/apiextensions-apiserver's own
// packages; this package only feeds them the schema and the objects the way the API server's
// CRD handler does and hands their field errors back.
//
// Size: importing schema/cel, its model, pruning, defaulting, listtype and the schema validator
// took cel.wasm from 37,782,352 to 40,281,161 bytes (+2.5 MB; gzip -9 7,249,843 → 7,734,846,
// +485 KB). The API server's CRD validation itself (pkg/apis/apiextensions/validation, where the
// cost checks live) would have added 32 MB (70 MB raw, 12.7 MB gzipped): it pulls in the webhook
// client. Its cost walk is therefore redone here (compile.go, scope.go, cost.go) over the same
// pieces, and validation-rules.int.test.ts checks it word for word against the sandbox.
package rules

import (
	"encoding/json"
	"fmt"
	"sync"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"
)

// Schema is one version's openAPIV3Schema in the forms the API server works with.
type Schema struct {
	// Props is the internal (hub) form the CRD validation walks.
	Props *apiextensions.JSONSchemaProps
	// Structural is nil when the schema is not structural; StructuralErr says why.
	Structural    *structuralschema.Structural
	StructuralErr error
}

var (
	cacheMu sync.Mutex
	cache   = map[string]*Schema{}
)

const cacheLimit = 256

// LoadSchema decodes a v1 openAPIV3Schema (JSON) as the API server's CRD handler does: converted
// to the internal version, made structural, defaults pruned. Decoded once per distinct text.
func LoadSchema(text string) (*Schema, error) {
	cacheMu.Lock()
	s, ok := cache[text]
	cacheMu.Unlock()
	if ok {
		return s, nil
	}
	var v1 apiextensionsv1.JSONSchemaProps
	if err := json.Unmarshal([]byte(text), &v1); err != nil {
		return nil, fmt.Errorf("the schema is not an OpenAPI v3 schema: %v", err)
	}
	props := &apiextensions.JSONSchemaProps{}
	if err := apiextensionsv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(&v1, props, nil); err != nil {
		return nil, fmt.Errorf("the schema does not convert: %v", err)
	}
	s = &Schema{Props: props}
	ss, err := structuralschema.NewStructural(props)
	if err == nil {
		if errs := structuralschema.ValidateStructural(nil, ss); len(errs) > 0 {
			err = errs.ToAggregate()
		}
	}
	if err == nil {
		ss = ss.DeepCopy()
		err = defaulting.PruneDefaults(ss)
	}
	if err != nil {
		s.StructuralErr = err
	} else {
		s.Structural = ss
	}
	cacheMu.Lock()
	if len(cache) >= cacheLimit {
		cache = map[string]*Schema{}
	}
	cache[text] = s
	cacheMu.Unlock()
	return s, nil
}
