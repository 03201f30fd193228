package rules

import (
	"fmt"
	"math"
	"sort"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apimachinery/pkg/util/validation/field"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
)

// The API server's static limits on a CRD's rules (k8s.io/apiextensions-apiserver/pkg/apis/
// apiextensions/validation: StaticEstimatedCostLimit and StaticEstimatedCRDCostLimit). That
// package is not imported: it pulls in the webhook client and would add 32 MB to the module.
const (
	PerRuleLimit uint64 = 10000000
	PerCRDLimit  uint64 = 100000000
)

// times multiplies, saturating at the largest uint64 as the API server does.
func times(cost, n uint64) uint64 {
	if cost == 0 {
		return 0
	}
	if math.MaxUint64/cost < n {
		return math.MaxUint64
	}
	return cost * n
}

// fanOut is how many times a node's children can occur per occurrence of the node: maxItems or
// maxProperties for lists and maps (nil: unbounded), 1 for objects and scalars.
func fanOut(s *apiextensions.JSONSchemaProps) *uint64 {
	one := uint64(1)
	bound := func(p *int64) *uint64 {
		if p == nil {
			return nil
		}
		n := uint64(max(*p, 0))
		return &n
	}
	switch s.Type {
	case "object":
		if s.AdditionalProperties != nil {
			return bound(s.MaxProperties)
		}
	case "array":
		return bound(s.MaxItems)
	}
	return &one
}

// costMessage words an estimate over a limit as the API server does.
func costMessage(what string, cost, limit uint64) string {
	f := float64(cost) / float64(limit)
	factor := fmt.Sprintf("%.1fx", f)
	if f > 100 {
		factor = "more than 100x"
	} else if f < 1.5 {
		factor = fmt.Sprintf("%fx", f)
	}
	return fmt.Sprintf("%s exceeds budget by factor of %s (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)", what, factor)
}

// total adds up the estimated cost of every rule of a CRD version and keeps the four most
// expensive that each take at least 1% of the limit, to name them when the total is over.
type total struct {
	sum     uint64
	biggest []pathCost
}

type pathCost struct {
	path  *field.Path
	cost  uint64
	node  []string
	index int
}

func (t *total) observe(path *field.Path, cost uint64, node []string, index int) {
	if math.MaxUint64-t.sum < cost {
		t.sum = math.MaxUint64
	} else {
		t.sum += cost
	}
	if cost < PerCRDLimit/100 {
		return
	}
	t.biggest = append(t.biggest, pathCost{path, cost, node, index})
	sort.SliceStable(t.biggest, func(i, j int) bool { return t.biggest[i].cost > t.biggest[j].cost })
	if len(t.biggest) > 4 {
		t.biggest = t.biggest[:4]
	}
}

func (t *total) problems(root *field.Path) []Problem {
	if t.sum <= PerCRDLimit {
		return nil
	}
	var out []Problem
	for _, b := range t.biggest {
		out = append(out, problemOf(field.Forbidden(b.path, "contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema"), b.node, b.index))
	}
	return append(out, problemOf(field.Forbidden(root, costMessage("x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema", t.sum, PerCRDLimit)), nil, -1))
}

// PerCallLimit and PerObjectLimit are the run-time limits: one rule's evaluation, and all of
// one object's rules (k8s.io/apiserver/pkg/apis/cel).
const (
	PerCallLimit   = celconfig.PerCallLimit
	PerObjectLimit = celconfig.RuntimeCELCostBudget
)
