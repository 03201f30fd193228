/**
 * `internal/graph/collection.go`: collections (graph/collections.ts and plan-collection.ts in Go,
 * rule for rule, docs/design/0041): the lists a forEach walks, their product counted against the
 * limit before anything renders, one object per element named `<cr>-<id>-<key>` unless the
 * template names it, labelled with its key; all or nothing; a collection observed once all its
 * planned objects are, then bound as the list of them in element order; readyWhen per object;
 * the objects whose element left (or whose namespace the plan moved) pruned.
 * Static Go: no design text reaches it (the design is data, in design.json).
 */

export const GRAPH_COLLECTION_GO = `package graph

import (
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"strconv"
	"strings"
)

// ElementLabel is the label every object of a collection carries: its element's key.
const ElementLabel = "studio.opstudio.dev/element"

// The most objects a collection makes by default, and the most a design may allow.
const (
	forEachLimitDefault = 1000
	forEachLimitMax     = 10000
	capReason           = "CollectionTooLarge"
)

// Iterator is one forEach entry: the name of its element in the child's expressions and the CEL
// of the list it walks.
type Iterator struct {
	Name string
	Expr string
	Path string
}

func (c *Child) iteratorNames() []string {
	names := make([]string, 0, len(c.Iterators))
	for _, it := range c.Iterators {
		names = append(names, it.Name)
	}
	return names
}

// item is one planned object of a collection: its name, its element's key and iterator values.
type item struct {
	name string
	key  string
	vars map[string]any
}

// collections is what a plan knows of its collection children.
type collections struct {
	is    map[string]bool
	lists map[string][]map[string]any
	items map[string][]item
}

// newCollections takes each collection child's objects from owned (every object of each child,
// by id) and binds them in the scope as a list until the plan binds its own.
func newCollections(g *Graph, owned map[string][]map[string]any, sc *scope) *collections {
	c := &collections{is: map[string]bool{}, lists: map[string][]map[string]any{}, items: map[string][]item{}}
	for _, child := range g.Children {
		if len(child.Iterators) == 0 {
			continue
		}
		c.is[child.ID] = true
		c.lists[child.ID] = owned[child.ID]
		list := make([]any, 0, len(owned[child.ID]))
		for _, o := range owned[child.ID] {
			list = append(list, o)
		}
		sc.vars[child.ID] = list
	}
	return c
}

// createdNamespaces adds the names of a Namespace collection's objects to the namespaces the
// graph created (place.go's createdNamespaces reads one object per child).
func (c *collections) createdNamespaces(g *Graph, created map[string]bool) {
	for _, child := range g.Children {
		if !c.is[child.ID] || child.APIVersion != "v1" || child.Kind != "Namespace" {
			continue
		}
		for _, o := range c.lists[child.ID] {
			if name := objectName(o); name != "" {
				created[name] = true
			}
		}
	}
}

func objectName(o map[string]any) string {
	meta, _ := o["metadata"].(map[string]any)
	name, _ := meta["name"].(string)
	return name
}

func (c *collections) byName(id, name string) map[string]any {
	for _, o := range c.lists[id] {
		if objectName(o) == name {
			return o
		}
	}
	return nil
}

func (c *collections) anyObserved(id string) bool {
	return len(c.lists[id]) > 0
}

// observed: a dependency on a collection means all of its planned objects.
func (c *collections) observed(id string) bool {
	items, ok := c.items[id]
	if !ok {
		return false
	}
	for _, it := range items {
		if c.byName(id, it.name) == nil {
			return false
		}
	}
	return true
}

// planned reports a planned collection's names and, once all are observed, binds it in the
// scope as the list of its objects in element order.
func (c *collections) planned(id string, sc *scope, result *Plan) {
	items, ok := c.items[id]
	if !ok {
		return
	}
	names := make([]string, 0, len(items))
	for _, it := range items {
		names = append(names, it.name)
	}
	if result.Collections == nil {
		result.Collections = map[string][]string{}
	}
	result.Collections[id] = names
	if !c.observed(id) {
		return
	}
	list := make([]any, 0, len(items))
	for _, it := range items {
		list = append(list, c.byName(id, it.name))
	}
	sc.vars[id] = list
}

// elementKey: a string or an int is its own key, an object its name (a string or an int),
// anything else its index in the list.
func elementKey(v any, index int) string {
	own := func(x any) (string, bool) {
		switch y := x.(type) {
		case string:
			return y, y != ""
		case int64:
			return strconv.FormatInt(y, 10), true
		case float64:
			return text(y), y == math.Trunc(y) && !math.IsInf(y, 0)
		}
		return "", false
	}
	if m, ok := v.(map[string]any); ok {
		if k, ok := own(m["name"]); ok {
			return k
		}
		return strconv.Itoa(index)
	}
	if k, ok := own(v); ok {
		return k
	}
	return strconv.Itoa(index)
}

type element struct {
	vars map[string]any
	key  string
}

// productElements are the elements of the lists' product, the first iterator the outer loop.
func productElements(iterators []Iterator, lists [][]any) []element {
	out := []element{{vars: map[string]any{}}}
	for i, it := range iterators {
		next := []element{}
		for _, e := range out {
			for j, v := range lists[i] {
				vars := make(map[string]any, len(e.vars)+1)
				for k, x := range e.vars {
					vars[k] = x
				}
				vars[it.Name] = v
				key := elementKey(v, j)
				if e.key != "" {
					key = e.key + "-" + key
				}
				next = append(next, element{vars: vars, key: key})
			}
		}
		out = next
	}
	return out
}

// nameKey is the key as it goes into a name: ASCII letters lower-cased, anything but a-z, 0-9
// and - a -, no - at either end; cut, with the FNV-1a hash of the whole key, to leave room for
// the custom resource's name.
func nameKey(key, id string) string {
	var b strings.Builder
	for _, r := range key {
		switch {
		case r >= 'A' && r <= 'Z':
			b.WriteRune(r + 'a' - 'A')
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-':
			b.WriteRune(r)
		default:
			b.WriteByte('-')
		}
	}
	s := strings.Trim(b.String(), "-")
	h := fnv.New32a()
	_, _ = h.Write([]byte(key))
	hash := fmt.Sprintf("%08x", h.Sum32())
	if s == "" {
		return hash
	}
	if most := ChildNameMax - len(id) - 12; len(s) > most {
		s = strings.TrimRight(s[:most-9], "-") + "-" + hash
	}
	return s
}

// ElementName is an element's object name when the template sets none: <cr>-<id>-<key>.
func ElementName(crName, id, key string) string {
	return ChildName(crName, id+"-"+nameKey(key, id))
}

func notAList(v any) string {
	kind := "number"
	switch v.(type) {
	case nil:
		kind = "null"
	case map[string]any:
		kind = "a map"
	case string:
		kind = "a string"
	case bool:
		kind = "boolean"
	}
	return "gives " + kind + ", not a list: forEach walks a list, such as \${self.spec.ports} or \${lists.range(3)}"
}

// planCollection plans one object per element; any failure fails the whole collection.
func (g *Graph) planCollection(c *Child, sc *scope, o *owner, created map[string]bool, result *Plan) (outcome, []item) {
	fail := func(f Failure) (outcome, []item) {
		result.Errors = append(result.Errors, f)
		return failed, nil
	}
	// a dependency observed but without the field yet (a status not reported) is waiting, not wrong
	waiting := func(f *Failure) bool { return f.Missing && len(c.Reads.Template) > 0 }
	lists := make([][]any, 0, len(c.Iterators))
	size := 1.0
	for _, it := range c.Iterators {
		value, failure := g.evaluate(it.Expr, sc, it.Path)
		if failure != nil {
			if waiting(failure) {
				return blocked, nil
			}
			return fail(*failure)
		}
		list, ok := value.([]any)
		if !ok {
			return fail(Failure{Path: it.Path, Message: fmt.Sprintf("\${%s} %s", it.Expr, notAList(value))})
		}
		lists = append(lists, list)
		size *= float64(len(list))
	}
	limit := c.Limit
	if limit == 0 {
		limit = forEachLimitDefault
	}
	if size > float64(limit) {
		return fail(Failure{Path: c.Path + ".forEach", Reason: capReason, Message: fmt.Sprintf(
			"makes %s objects, more than the limit of %d: nothing of the collection is applied (shorten the list, or raise forEachLimit, at most %d)",
			text(size), limit, forEachLimitMax)})
	}
	meta, _ := c.Template["metadata"].(map[string]any)
	templateName, _ := meta["name"].(string)
	items := []item{}
	objects := []Desired{}
	keyOfName := map[string]string{}
	for _, e := range productElements(c.Iterators, lists) {
		var rendered any
		var failure *Failure
		sc.element(e.vars, c.iteratorNames(), func(es *scope) {
			rendered, failure = g.renderValue(c.Template, es, c.Path+".template")
		})
		if failure != nil {
			if waiting(failure) {
				return blocked, nil
			}
			return fail(Failure{Path: failure.Path, Message: "element " + e.key + ": " + failure.Message})
		}
		place, refusal := g.place(c, rendered.(map[string]any), o, created)
		object := withPlannerMetadataNamed(rendered.(map[string]any), c.ID, o, place, ElementName(o.name, c.ID, e.key))
		labels := object["metadata"].(map[string]any)["labels"].(map[string]any)
		labels[ElementLabel] = labelValue(e.key)
		if problem := childNameProblem(c, object); problem != "" {
			return fail(Failure{Path: c.Path + ".template.metadata.name", Message: "element " + e.key + ": " + problem})
		}
		if refusal != "" {
			return fail(Failure{Path: c.Path + ".template.metadata.namespace", Message: "element " + e.key + ": " + refusal})
		}
		name := objectName(object)
		if twin, ok := keyOfName[name]; ok {
			path, hint := c.Path+".forEach", " (make the elements distinct)"
			if templateName != "" {
				path, hint = c.Path+".template.metadata.name", " (build metadata.name from every iterator)"
			}
			return fail(Failure{Path: path, Message: fmt.Sprintf(
				"elements %s and %s both give the name %s: a collection's objects need a name each%s; nothing of the collection is applied",
				twin, e.key, name, hint)})
		}
		keyOfName[name] = e.key
		items = append(items, item{name: name, key: e.key, vars: e.vars})
		objects = append(objects, Desired{ID: c.ID, Object: object})
	}
	result.Desired = append(result.Desired, objects...)
	return desired, items
}

// collectionReady: each object's readyWhen holds, with the child's id bound to that object and
// the element's iterators beside it (kro: readyWhen per item). Empty is ready.
func (g *Graph) collectionReady(c *Child, sc *scope, items []item, col *collections, errors *[]Failure) bool {
	path := c.Path + ".readyWhen"
	for _, it := range items {
		object := col.byName(c.ID, it.name)
		if object == nil {
			return false
		}
		vars := map[string]any{c.ID: object}
		for k, v := range it.vars {
			vars[k] = v
		}
		var value any
		var failure *Failure
		sc.element(vars, c.iteratorNames(), func(es *scope) {
			value, failure = g.evaluate(*c.ReadyWhen, es, path)
		})
		if ready, isBool := value.(bool); failure == nil && isBool {
			if !ready {
				return false
			}
			continue
		}
		if failure != nil && failure.Missing {
			return false // e.g. a status not reported yet
		}
		if failure == nil {
			failure = &Failure{Path: path, Message: "readyWhen must give true or false"}
		}
		*errors = append(*errors, *failure)
		return false
	}
	return true
}

// IsCollection says whether the child with this id is a collection (forEach).
func (g *Graph) IsCollection(id string) bool {
	for _, c := range g.Children {
		if c.ID == id {
			return len(c.Iterators) > 0
		}
	}
	return false
}

// Leaving are a planned collection's objects whose element left its list, or which the plan
// moved to another namespace; a collection not planned this time (blocked, failed) keeps all.
func (g *Graph) Leaving(p Plan, owned map[string][]map[string]any) []map[string]any {
	out := []map[string]any{}
	for _, c := range g.Children {
		names, planned := p.Collections[c.ID]
		if !planned {
			continue
		}
		for _, o := range owned[c.ID] {
			name := objectName(o)
			if !slices.Contains(names, name) {
				out = append(out, o)
				continue
			}
			for _, d := range p.Desired {
				if d.ID == c.ID && objectName(d.Object) == name {
					out = append(out, Moved([]map[string]any{o}, d.Object)...)
					break
				}
			}
		}
	}
	return out
}
`;
