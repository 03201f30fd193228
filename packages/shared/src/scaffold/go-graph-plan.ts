/**
 * `internal/graph/plan.go`: graph/plan.ts in Go, rule for rule: kro's exclusion rule, blocked
 * children, includeWhen/readyWhen, status bindings only once every child they read is observed,
 * a rendered name checked as its kind's name, each child placed and owned as place.go says, and
 * one CEL cost budget per Plan (eval.go's scope): spent, the plan stops and is only that failure;
 * external references resolved first (externals.go), the design's conditions last (custom_conditions.go);
 * a collection child planned by collection.go.
 * Static Go: no design text reaches it (the design is data, in design.json).
 */

export const GRAPH_PLAN_GO = `package graph

import "slices"

// ManagedBy is the app.kubernetes.io/managed-by label of every child.
const ManagedBy = "operator-studio"

// Desired is one child to apply.
type Desired struct {
	ID     string
	Object map[string]any
}

// Blocked is a child that needs fields of children not observed yet.
type Blocked struct {
	ID         string
	WaitingFor []string
}

// Plan is what the planner decided for one custom resource.
type Plan struct {
	// Desired are the objects to apply, in dependency order.
	Desired []Desired
	// Prune are the ids whose includeWhen is false but whose object exists.
	Prune   []string
	Blocked []Blocked
	// Collections are the names of each collection's objects planned this time, in element
	// order: an observed object of it under another name is one whose element left.
	Collections map[string][]string
	// Status are values for the custom resource's status, keyed by path under .status.
	Status     map[string]any
	Conditions []Condition
	Errors     []Failure
	// Externals are what the external references named for this custom resource.
	Externals []Target
}

type outcome int

const (
	desired outcome = iota
	excluded
	blocked
	failed
)

// Plan decides, from the custom resource and the children observed (by id; absent when not
// observed), what should exist, what to delete, what waits, and the status to report. Its
// evaluations share one cost budget, the API server's per-object one: once they spend it, the
// plan stops and is only that failure (nothing applied, pruned or reported but the conditions).
func (g *Graph) Plan(cr map[string]any, observed map[string]map[string]any) Plan {
	return g.PlanWith(cr, observed, nil)
}

// PlanWith is Plan with what the external references read: by id, an object (map[string]any),
// a list ([]any) for a selector, absent while not found.
func (g *Graph) PlanWith(cr map[string]any, observed map[string]map[string]any, externals map[string]any) Plan {
	return g.PlanAll(cr, observed, externals, nil)
}

// PlanAll is PlanWith with every object of each child, by id (owned): a collection child
// (forEach, collection.go) is planned against all of its objects.
func (g *Graph) PlanAll(cr map[string]any, observed map[string]map[string]any, externals map[string]any, owned map[string][]map[string]any) Plan {
	return g.PlanWaiting(cr, observed, externals, owned, nil)
}

// PlanWaiting is PlanAll with why each workload child that is not ready waits, by id ("pod kv-0:
// Unschedulable: …", pod_waits.go): the Progressing message names it after the child.
func (g *Graph) PlanWaiting(cr map[string]any, observed map[string]map[string]any, externals map[string]any, owned map[string][]map[string]any, waits map[string]string) Plan {
	owner, problem := ownerOf(cr)
	if problem != "" {
		return stopped(Failure{Path: "self.metadata", Message: problem})
	}
	sc := &scope{vars: map[string]any{"self": cr}}
	for id, value := range externals {
		if value != nil {
			sc.vars[id] = value
		}
	}
	for id, obj := range observed {
		if obj != nil {
			sc.vars[id] = obj
		}
	}
	col := newCollections(g, owned, sc)
	result := Plan{Status: map[string]any{}}
	isObserved := func(id string) bool {
		if col.is[id] {
			return col.observed(id)
		}
		_, seen := sc.vars[id]
		return id != "self" && seen
	}
	// what each external reference names, first: the controller read these before planning
	targets, failures := g.resolveExternals(cr, sc)
	if sc.spent != nil {
		return stopped(*sc.spent)
	}
	result.Errors = append(result.Errors, failures...)
	result.Externals = targets
	outcomes := map[string]outcome{}
	created := g.createdNamespaces(observed)
	col.createdNamespaces(g, created)
	for i := range g.Children {
		c := &g.Children[i]
		o := g.planChild(c, sc, isObserved, outcomes, owner, created, &result, col)
		if sc.spent != nil {
			return stopped(*sc.spent)
		}
		outcomes[c.ID] = o
		if o == excluded && (col.anyObserved(c.ID) || !col.is[c.ID] && isObserved(c.ID)) {
			result.Prune = append(result.Prune, c.ID)
		}
		if o == desired {
			col.planned(c.ID, sc, &result)
		}
	}
	for _, b := range g.Status {
		if !all(b.Reads, isObserved) {
			continue // reported once the children it reads exist
		}
		value, failure := g.evaluateString(b.Value, sc, "status."+b.Field)
		if sc.spent != nil {
			return stopped(*sc.spent)
		}
		if failure == nil {
			result.Status[b.Field] = value
		} else if !failure.Missing {
			result.Errors = append(result.Errors, *failure)
		}
	}
	included := []string{}
	ready := map[string]bool{}
	for i := range g.Children {
		c := &g.Children[i]
		if outcomes[c.ID] != excluded {
			included = append(included, c.ID)
		}
		if g.isReady(c, sc, isObserved, &result.Errors, col) {
			ready[c.ID] = true
		}
		if sc.spent != nil {
			return stopped(*sc.spent)
		}
	}
	// a child that waits for an external reference gone missing is not ready, even if it exists
	for _, b := range result.Blocked {
		for _, id := range b.WaitingFor {
			for _, t := range targets {
				if t.ID == id && !isObserved(id) {
					delete(ready, b.ID)
				}
			}
		}
	}
	describe := func(id string) string {
		for _, t := range targets {
			if t.ID == id {
				return t.Describe()
			}
		}
		if outcomes[id] == excluded {
			return id + " (excluded by its includeWhen)"
		}
		return id
	}
	custom := g.customConditions(sc, isObserved, describe, &result.Errors)
	if sc.spent != nil {
		return stopped(*sc.spent)
	}
	// a child waiting for an external reference that does not exist names it in the conditions
	waitedFor := map[string]bool{}
	for _, b := range result.Blocked {
		for _, id := range b.WaitingFor {
			waitedFor[id] = true
		}
	}
	missing := []string{}
	for _, t := range targets {
		if waitedFor[t.ID] && !isObserved(t.ID) {
			missing = append(missing, t.Describe())
		}
	}
	result.Conditions = append(planConditions(included, ready, missing, waits, result.Errors), custom...)
	return result
}

// stopped is a plan that is only its failure: no child, no prune, no status value.
func stopped(failure Failure) Plan {
	errors := []Failure{failure}
	return Plan{Status: map[string]any{}, Errors: errors, Conditions: planConditions(nil, map[string]bool{}, nil, nil, errors)}
}

func (g *Graph) planChild(c *Child, sc *scope, isObserved func(string) bool, outcomes map[string]outcome, owner *owner, created map[string]bool, result *Plan, col *collections) outcome {
	// kro's rule: a child that reads an excluded child is excluded with it
	for _, d := range append(slices.Clone(c.Reads.Include), c.Reads.Template...) {
		if o, ok := outcomes[d]; ok && o == excluded {
			return excluded
		}
	}
	block := func(ids []string) outcome {
		result.Blocked = append(result.Blocked, Blocked{ID: c.ID, WaitingFor: ids})
		return blocked
	}
	if unseen := notObserved(c.Reads.Include, isObserved); len(unseen) > 0 {
		return block(unseen)
	}
	if c.IncludeWhen != nil {
		path := c.Path + ".includeWhen"
		value, failure := g.evaluate(*c.IncludeWhen, sc, path)
		include, isBool := value.(bool)
		if failure != nil || !isBool {
			if failure == nil {
				failure = &Failure{Path: path, Message: "includeWhen must give true or false"}
			}
			result.Errors = append(result.Errors, *failure)
			return failed
		}
		if !include {
			return excluded
		}
	}
	if unseen := notObserved(c.Reads.Template, isObserved); len(unseen) > 0 {
		return block(unseen)
	}
	if len(c.Iterators) > 0 {
		o, items := g.planCollection(c, sc, owner, created, result)
		if o == blocked {
			return block(slices.Clone(c.Reads.Template))
		}
		if o == desired {
			col.items[c.ID] = items
		}
		return o
	}
	rendered, failure := g.renderValue(c.Template, sc, c.Path+".template")
	if failure != nil {
		// a dependency observed but without the field yet (a status not reported) is waiting, not wrong
		if failure.Missing && len(c.Reads.Template) > 0 {
			return block(slices.Clone(c.Reads.Template))
		}
		result.Errors = append(result.Errors, *failure)
		return failed
	}
	place, refusal := g.place(c, rendered.(map[string]any), owner, created)
	object := withPlannerMetadata(rendered.(map[string]any), c.ID, owner, place)
	if problem := childNameProblem(c, object); problem != "" {
		// nothing is written for a child whose name the API server would refuse, or read another way
		result.Errors = append(result.Errors, Failure{Path: c.Path + ".template.metadata.name", Message: problem})
		return failed
	}
	if refusal != "" {
		// nor one in a namespace the design did not say it may write in
		result.Errors = append(result.Errors, Failure{Path: c.Path + ".template.metadata.namespace", Message: refusal})
		return failed
	}
	result.Desired = append(result.Desired, Desired{ID: c.ID, Object: object})
	return desired
}

func (g *Graph) isReady(c *Child, sc *scope, isObserved func(string) bool, errors *[]Failure, col *collections) bool {
	if !isObserved(c.ID) {
		return false
	}
	if c.ReadyWhen == nil {
		return true
	}
	if !all(c.Reads.Ready, isObserved) {
		return false
	}
	if items, ok := col.items[c.ID]; ok {
		return g.collectionReady(c, sc, items, col, errors)
	}
	path := c.Path + ".readyWhen"
	value, failure := g.evaluate(*c.ReadyWhen, sc, path)
	if ready, isBool := value.(bool); failure == nil && isBool {
		return ready
	}
	if failure != nil && failure.Missing {
		return false // e.g. status.readyReplicas not reported yet
	}
	if failure == nil {
		failure = &Failure{Path: path, Message: "readyWhen must give true or false"}
	}
	*errors = append(*errors, *failure)
	return false
}

func all(ids []string, ok func(string) bool) bool {
	for _, id := range ids {
		if !ok(id) {
			return false
		}
	}
	return true
}

func notObserved(ids []string, isObserved func(string) bool) []string {
	out := []string{}
	for _, id := range ids {
		if !isObserved(id) {
			out = append(out, id)
		}
	}
	return out
}
`;
