package celenv

import "testing"

func TestLibrariesAndReads(t *testing.T) {
	cases := []struct {
		src  string
		want any
	}{
		{"lists.range(self.n).map(i, 'p-' + string(i)).join(',')", "p-0,p-1,p-2"},
		{"quantity('1Gi').asInteger()", int64(1073741824)},
		{"isIP('1.2.3.4')", true},
		{"'a1'.matches('^[a-z][0-9]$')", true},
		{"'%s-%d'.format(['x', 3])", "x-3"},
	}
	for _, c := range cases {
		p, err := Compile(c.src, []string{"self", "db"})
		if err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		out := Eval(p, map[string]any{"self": map[string]any{"n": int64(3)}})
		if out.Err != nil || out.Value != c.want {
			t.Fatalf("%s: %v %v", c.src, out.Value, out.Err)
		}
	}
	p, _ := Compile("[1,2].map(db, db + self.n) + [db.x].map(x, x)", []string{"self", "db"})
	if len(p.Reads) != 2 {
		t.Fatalf("reads %v", p.Reads)
	}
	p, _ = Compile("[1,2].map(db, db + self.n)", []string{"self", "db"})
	if len(p.Reads) != 1 || p.Reads[0] != "self" {
		t.Fatalf("reads %v", p.Reads)
	}
}
