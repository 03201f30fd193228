// What a translation between a design and a kro ResourceGraphDefinition reports (docs/design/0056):
// a construct one side has and the other lacks is refused at its path, with the construct named;
// a detail that changes no object and no verdict (a doc string, an error message's words) is a note.

export interface KroProblem {
  /** where it is: a design path (`operand.conditions[0]`) on export, an RGD path (`spec.resources[2].readyWhen[0]`) on import */
  readonly path: string;
  /** the construct, as its side names it: `conditions`, `anyOf`, `readyWhen reading self` */
  readonly construct: string;
  readonly message: string;
}

export class Problems {
  readonly refused: KroProblem[] = [];
  readonly notes: KroProblem[] = [];
  refuse(path: string, construct: string, message: string): void {
    this.refused.push({ path, construct, message });
  }
  note(path: string, construct: string, message: string): void {
    this.notes.push({ path, construct, message });
  }
}

/** One line per problem: `path: construct: message` (the construct left out where the path ends in it). */
export const describeProblem = (p: KroProblem): string => {
  const named = p.path === p.construct || p.path.endsWith(`.${p.construct}`);
  return `${p.path === '' ? '' : `${p.path}: `}${named ? '' : `${p.construct}: `}${p.message}`;
};
