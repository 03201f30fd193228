/**
 * `internal/graph/names.go` and `conditions.go`: what the planner sets on every child (name with
 * the 63-character rule and FNV-1a, namespace, labels, owner reference) and graph/conditions.ts's
 * Ready/Available/Progressing/Degraded with the same reasons and messages.
 * Static Go: no design text reaches it (the design is data, in design.json).
 */

export const GRAPH_NAMES_GO = `package graph

import (
	"fmt"
	"hash/fnv"
	"strings"
)

type owner struct {
	name      string
	namespace string
	uid       string
	// annotation is what the owner annotation says of it: "<Kind>.<group> <namespace>/<name>"
	annotation string
	reference  map[string]any
}

func ownerOf(cr map[string]any) (*owner, string) {
	meta, _ := cr["metadata"].(map[string]any)
	apiVersion, ok1 := cr["apiVersion"].(string)
	kind, ok2 := cr["kind"].(string)
	name, ok3 := meta["name"].(string)
	uid, ok4 := meta["uid"].(string)
	if !ok1 || !ok2 || !ok3 || !ok4 {
		return nil, "the custom resource needs apiVersion, kind, metadata.name and metadata.uid to own its children"
	}
	namespace, _ := meta["namespace"].(string)
	kindGroup := kind
	if i := strings.Index(apiVersion, "/"); i > 0 {
		kindGroup = kind + "." + apiVersion[:i]
	}
	annotation := kindGroup + " " + namespace + "/" + name
	return &owner{name: name, namespace: namespace, uid: uid, annotation: annotation, reference: map[string]any{
		"apiVersion": apiVersion, "kind": kind, "name": name, "uid": uid,
		"controller": true, "blockOwnerDeletion": true,
	}}, ""
}

// withPlannerMetadata sets what is the planner's, not the template's: name, labels, owner, and
// the namespace of the placement (place.go). The owner is an owner reference where Kubernetes
// honours one, else the owner label and annotation.
func withPlannerMetadata(object map[string]any, id string, o *owner, place *placement) map[string]any {
	return withPlannerMetadataNamed(object, id, o, place, ChildName(o.name, id))
}

// withPlannerMetadataNamed is withPlannerMetadata with the name a child gets when its template
// sets none (a collection's element: <cr>-<id>-<key>).
func withPlannerMetadataNamed(object map[string]any, id string, o *owner, place *placement, defaultName string) map[string]any {
	meta, _ := object["metadata"].(map[string]any)
	metadata := map[string]any{}
	for k, v := range meta {
		if k != "namespace" && k != "ownerReferences" && k != "labels" && k != "annotations" {
			metadata[k] = v
		}
	}
	if name, ok := meta["name"].(string); !ok || name == "" {
		metadata["name"] = defaultName
	}
	byReference := place == nil || place.byReference
	if place != nil && place.namespace != "" {
		metadata["namespace"] = place.namespace
	}
	labels := copied(meta["labels"], OwnerUIDLabel)
	for k, v := range Labels(o.name, id) {
		labels[k] = v
	}
	annotations := copied(meta["annotations"], OwnerAnnotation)
	if !byReference {
		labels[OwnerUIDLabel] = o.uid
		annotations[OwnerAnnotation] = o.annotation
	}
	metadata["labels"] = labels
	if _, had := meta["annotations"]; had || len(annotations) > 0 {
		metadata["annotations"] = annotations
	}
	if byReference {
		metadata["ownerReferences"] = []any{o.reference}
	}
	object["metadata"] = metadata
	return object
}

// copied is a copy of a map of the template's metadata, without the key the planner owns.
func copied(value any, without string) map[string]any {
	out := map[string]any{}
	if m, ok := value.(map[string]any); ok {
		for k, v := range m {
			if k != without {
				out[k] = v
			}
		}
	}
	return out
}

// Labels are the labels the planner puts on a child, and how the controller finds it again.
func Labels(crName, id string) map[string]string {
	return map[string]string{
		"app.kubernetes.io/managed-by": ManagedBy,
		"app.kubernetes.io/instance":   labelValue(crName),
		"app.kubernetes.io/component":  id,
	}
}

// ChildNameMax is the longest child name: a DNS label, as Services need.
const ChildNameMax = 63

// ChildName is <cr-name>-<id>; when that is longer than 63 characters, the custom resource's
// name is cut and the FNV-1a hash of the whole name keeps two long names apart: <cut>-<8 hex>-<id>.
func ChildName(crName, id string) string {
	whole := crName + "-" + id
	if len(whole) <= ChildNameMax {
		return whole
	}
	h := fnv.New32a()
	_, _ = h.Write([]byte(crName))
	hash := fmt.Sprintf("%08x", h.Sum32())
	cut := crName[:ChildNameMax-len(id)-len(hash)-2]
	return strings.TrimRight(cut, "-.") + "-" + hash + "-" + id
}

// labelValue is s when it is a valid label value, else s cleaned and cut, with a hash so
// distinct inputs stay distinct (the studio labels the same way).
func labelValue(s string) string {
	if isLabelValue(s) {
		return s
	}
	cleaned := []rune{}
	for _, c := range s {
		if isAlnum(c) || c == '-' || c == '_' || c == '.' {
			cleaned = append(cleaned, c)
		} else {
			cleaned = append(cleaned, '-')
		}
	}
	if len(cleaned) > 54 {
		cleaned = cleaned[:54]
	}
	trimmed := strings.TrimFunc(string(cleaned), func(c rune) bool { return !isAlnum(c) })
	hash := uint32(0x811c9dc5)
	for _, c := range s {
		hash ^= uint32(c)
		hash *= 0x01000193
	}
	if trimmed == "" {
		return fmt.Sprintf("%08x", hash)
	}
	return fmt.Sprintf("%s-%08x", trimmed, hash)
}

func isLabelValue(s string) bool {
	if len(s) > 63 {
		return false
	}
	for i, c := range s {
		if !isAlnum(c) && (i == 0 || i == len(s)-1 || (c != '-' && c != '_' && c != '.')) {
			return false
		}
	}
	return true
}

func isAlnum(c rune) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
`;

export const GRAPH_CONDITIONS_GO = `package graph

import (
	"fmt"
	"strings"
)

// Condition is one of Ready, Available, Progressing and Degraded, or one the design declares, as the plan found it.
type Condition struct {
	Type    string
	Status  string
	Reason  string
	Message string
}

// IsBuiltinCondition says whether a condition type is one of the controller's own four.
func IsBuiltinCondition(conditionType string) bool {
	switch conditionType {
	case "Ready", "Available", "Progressing", "Degraded":
		return true
	}
	return false
}

// planConditions: Ready and Available when every included child is ready, Progressing while
// some are not, Degraded when an expression failed. Messages name the children by id, and the
// external references a waiting child reads that do not exist (WaitingForExternal), and why a
// waiting workload child waits after its id (why, pod_waits.go).
func planConditions(included []string, ready map[string]bool, missing []string, why map[string]string, errors []Failure) []Condition {
	waiting := []string{}
	named := []string{}
	for _, id := range included {
		if !ready[id] {
			waiting = append(waiting, id)
			if w, ok := why[id]; ok {
				named = append(named, id+" ("+w+")")
			} else {
				named = append(named, id)
			}
		}
	}
	total := len(included)
	count := fmt.Sprintf("%d of %s ready", total-len(waiting), plural(total, "resource"))
	failed := len(errors) > 0
	degraded := Condition{Type: "Degraded", Status: "False", Reason: "NoErrors", Message: "every expression of the design evaluated"}
	if failed {
		reason := errors[0].Reason
		if reason == "" {
			reason = "EvaluationFailed"
		}
		degraded = Condition{Type: "Degraded", Status: "True", Reason: reason,
			Message: fmt.Sprintf("%s failed; %s: %s", plural(len(errors), "expression"), errors[0].Path, errors[0].Message)}
	}
	if len(waiting) == 0 && !failed {
		message := fmt.Sprintf("all %s ready", plural(total, "resource"))
		if total == 0 {
			message = "the design creates no resources for this object"
		}
		return []Condition{
			{Type: "Ready", Status: "True", Reason: "AllResourcesReady", Message: message},
			{Type: "Available", Status: "True", Reason: "AllResourcesReady", Message: message},
			{Type: "Progressing", Status: "False", Reason: "ReconcileComplete", Message: message},
			degraded,
		}
	}
	absent := ""
	if len(missing) > 0 {
		verb := "does"
		if len(missing) > 1 {
			verb = "do"
		}
		absent = "; " + strings.Join(missing, ", ") + " " + verb + " not exist"
	}
	message := count + "; " + degraded.Message
	if len(waiting) > 0 {
		message = count + ": waiting for " + strings.Join(named, ", ") + absent
	}
	waitReason := "WaitingForResources"
	if len(missing) > 0 {
		waitReason = "WaitingForExternal"
	}
	reason := waitReason
	progressing := Condition{Type: "Progressing", Status: "True", Reason: waitReason, Message: message}
	if failed {
		reason = degraded.Reason
		progressing = Condition{Type: "Progressing", Status: "False", Reason: reason, Message: degraded.Message}
	}
	return []Condition{
		{Type: "Ready", Status: "False", Reason: reason, Message: message},
		{Type: "Available", Status: "False", Reason: reason, Message: message},
		progressing,
		degraded,
	}
}

func plural(n int, noun string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
`;
