/// <reference types="node" />
/**
 * Test-only: the top-level declarations of generated Go files, read by Go's own parser
 * (go/parser, go/ast; standard library only, so no module download). A small Go program is
 * written and built once per lister; `list` writes a file map to a temporary directory and
 * returns, per .go file, `package x`, `import "path"`, `type T`, `func F`, `func (*T).M`,
 * `var V`, `const C`, sorted. A file that does not parse is an error naming it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const PROGRAM = `package main

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

func recv(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.StarExpr:
		return "*" + recv(t.X)
	case *ast.Ident:
		return t.Name
	case *ast.IndexExpr:
		return recv(t.X) + "[]"
	}
	return fmt.Sprintf("%T", e)
}

func main() {
	root := os.Args[1]
	out := map[string][]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ParseComments|parser.AllErrors)
		if err != nil {
			return err
		}
		names := []string{"package " + f.Name.Name}
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				if d.Recv != nil && len(d.Recv.List) == 1 {
					names = append(names, "func ("+recv(d.Recv.List[0].Type)+")."+d.Name.Name)
				} else {
					names = append(names, "func "+d.Name.Name)
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch s := spec.(type) {
					case *ast.ImportSpec:
						names = append(names, "import "+s.Path.Value)
					case *ast.TypeSpec:
						names = append(names, "type "+s.Name.Name)
					case *ast.ValueSpec:
						for _, n := range s.Names {
							names = append(names, d.Tok.String()+" "+n.Name)
						}
					}
				}
			}
		}
		sort.Strings(names)
		rel, _ := filepath.Rel(root, path)
		out[filepath.ToSlash(rel)] = names
		return nil
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		os.Exit(1)
	}
}
`;

export type GoDecls = Record<string, string[]>;

export interface GoDeclLister {
  /** The declarations of every .go file in `files` (path → text). */
  list(files: ReadonlyMap<string, string>): GoDecls;
  /** Removes the temporary directory. */
  close(): void;
}

/** Go with no toolchain download and no workspace: the lister only needs the standard library. */
const goEnv = (): NodeJS.ProcessEnv => ({ ...process.env, GOTOOLCHAIN: 'local', GOWORK: 'off', GOFLAGS: '' });

/** A lister, or the reason there is none (no Go toolchain, or the program does not build). */
export function goDeclLister(): GoDeclLister | { unavailable: string } {
  if (spawnSync('go', ['version']).status !== 0)
    return { unavailable: 'the go toolchain is needed to parse the generated Go' };
  const root = mkdtempSync(join(tmpdir(), 'opstudio-go-decls-'));
  writeFileSync(join(root, 'main.go'), PROGRAM);
  const built = spawnSync('go', ['build', '-o', 'godecls', 'main.go'], { cwd: root, env: goEnv(), encoding: 'utf8' });
  if (built.status !== 0) {
    rmSync(root, { recursive: true, force: true });
    return { unavailable: `the Go declaration lister does not build: ${built.stderr}` };
  }
  let n = 0;
  return {
    list(files) {
      const dir = join(root, `p${n++}`);
      for (const [path, text] of files) {
        if (!path.endsWith('.go')) continue;
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      }
      const r = spawnSync(join(root, 'godecls'), [dir], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      rmSync(dir, { recursive: true, force: true });
      if (r.status !== 0) throw new Error(`go/parser refused the generated Go: ${r.stderr}`);
      return JSON.parse(r.stdout) as GoDecls;
    },
    close() {
      rmSync(root, { recursive: true, force: true });
    },
  };
}
