/**
 * `internal/graph/custom_conditions.go`: graph/custom-conditions.ts in Go, rule for rule and
 * message for message (docs/design/0040): the design's own conditions, True/False from their
 * status expression, Unknown while what they read is not observed, EvaluationFailed otherwise.
 * Static Go: no design text reaches it (the design is data, in design.json).
 */

export const GRAPH_CUSTOM_CONDITIONS_GO = `package graph

import (
	"fmt"
	"regexp"
	"strings"
)

// CustomCondition is a condition the design declares beside the built-in four.
type CustomCondition struct {
	Type    string
	Path    string
	Status  string
	Reason  *string
	Message *string
	Reads   []string
}

var conditionReason = regexp.MustCompile("^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$")

func reasonProblem(reason string) string {
	if conditionReason.MatchString(reason) && len(reason) <= 1024 {
		return ""
	}
	return fmt.Sprintf("%q is not a condition reason: a reason is CamelCase, letters first, then letters, digits, '_', ',' or ':' (at most 1024), such as BackupScheduled", reason)
}

// customConditions plans the design's own conditions over what is observed.
func (g *Graph) customConditions(sc *scope, isObserved func(string) bool, describe func(string) string, errors *[]Failure) []Condition {
	out := []Condition{}
	for _, c := range g.Conditions {
		out = append(out, g.customCondition(c, sc, isObserved, describe, errors))
		if sc.spent != nil {
			return out
		}
	}
	return out
}

func (g *Graph) customCondition(c CustomCondition, sc *scope, isObserved func(string) bool, describe func(string) string, errors *[]Failure) Condition {
	unknown := func(reason, message string) Condition {
		return Condition{Type: c.Type, Status: "Unknown", Reason: reason, Message: message}
	}
	failed := func(f Failure) Condition {
		*errors = append(*errors, f)
		return unknown("EvaluationFailed", f.Path+": "+f.Message)
	}
	value, failure := g.evaluateString(c.Status, sc, c.Path+".status")
	if failure != nil {
		if !failure.Missing {
			return failed(*failure)
		}
		unseen := []string{}
		for _, id := range c.Reads {
			if !isObserved(id) {
				unseen = append(unseen, describe(id))
			}
		}
		if len(unseen) > 0 {
			return unknown("WaitingForResources", "waiting for "+strings.Join(unseen, ", "))
		}
		return unknown("WaitingForResources", failure.Message)
	}
	holds, isBool := value.(bool)
	if !isBool {
		return failed(Failure{Path: c.Path + ".status", Message: "status must give true or false, not " + jsonText(value)})
	}
	status, reason := "False", "ExpressionFalse"
	if holds {
		status, reason = "True", "ExpressionTrue"
	}
	if c.Reason != nil {
		given, failure := g.evaluateString(*c.Reason, sc, c.Path+".reason")
		if failure != nil {
			if failure.Missing {
				return unknown("WaitingForResources", failure.Message)
			}
			return failed(*failure)
		}
		text, isString := given.(string)
		problem := "the reason must be a string"
		if isString {
			problem = reasonProblem(text)
		}
		if problem != "" {
			return failed(Failure{Path: c.Path + ".reason", Message: problem})
		}
		reason = text
	}
	message := fmt.Sprintf("the status expression gave %t", holds)
	if c.Message != nil {
		given, failure := g.evaluateString(*c.Message, sc, c.Path+".message")
		if failure != nil {
			if failure.Missing {
				return unknown("WaitingForResources", failure.Message)
			}
			return failed(*failure)
		}
		if text, isString := given.(string); isString {
			message = text
		} else {
			message = jsonText(given)
		}
	}
	return Condition{Type: c.Type, Status: status, Reason: reason, Message: message}
}
`;
