package rules

import (
	"context"
	"sort"

	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	apiservervalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
)

// A CRD write validates every default against its node's schema, x-kubernetes-validations
// included (defaulting.ValidateDefaults): a rule `self.a > 0` on an object whose default is {}
// fails there with "no such key: a" although no custom resource exists yet. The schema part of
// that check is the studio's own (packages/shared/src/validate/defaults.ts); this is the rule
// part, run as the API server runs it: only on a default the schema accepts, with the default
// as both self and oldSelf and then as a create (optionalOldSelf, ratcheting), from one budget
// for the whole schema; defaults inside an embedded resource's metadata are not visited (the
// API server checks those as metadata). Problems carry the node of the default and index -1;
// their field ends in `.default` (or goes on into it).
func (w *walker) defaults(root *structuralschema.Structural, path *field.Path) {
	budget := int64(celconfig.RuntimeCELCostBudget)
	// the resource's root is an embedded resource: its apiVersion, kind and metadata are metadata
	clone := *root
	clone.XEmbeddedResource = true
	w.defaultsAt(context.Background(), &clone, &clone, path, []string{}, false, &budget)
}

func (w *walker) defaultsAt(ctx context.Context, s, resource *structuralschema.Structural, path *field.Path, node []string, insideMeta bool, budget *int64) {
	if s == nil || *budget < 0 {
		return
	}
	if s.XEmbeddedResource {
		insideMeta = false
		resource = s
	}
	if s.Default.Object != nil && !insideMeta {
		at := path.Child("default")
		schema := apiservervalidation.NewSchemaValidatorFromOpenAPI(s.ToKubeOpenAPI())
		if len(apiservervalidation.ValidateCustomResource(at, s.Default.Object, schema)) == 0 {
			if rules := cel.NewValidator(s, s == resource, celconfig.PerCallLimit); rules != nil {
				errs, left := rules.Validate(ctx, at, s, s.Default.Object, s.Default.Object, *budget)
				if len(errs) == 0 {
					var asCreate int64
					errs, asCreate = rules.Validate(ctx, at, s, s.Default.Object, nil, *budget)
					left = min(left, asCreate)
				}
				*budget = left
				w.add(errs, node, -1)
			}
		}
	}
	// additionalProperties are not followed: a default is not allowed there
	if s.Items != nil {
		w.defaultsAt(ctx, s.Items, resource, path.Child("items"), step(node, "[]"), insideMeta, budget)
	}
	names := make([]string, 0, len(s.Properties))
	for n := range s.Properties {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		sub := s.Properties[n]
		meta := insideMeta || (s.XEmbeddedResource && (n == "metadata" || n == "apiVersion" || n == "kind"))
		w.defaultsAt(ctx, &sub, resource, path.Child("properties").Key(n), step(node, "."+n), meta, budget)
	}
}
