// A blank design: the smallest that installs (a spec object to add fields to, a status with
// conditions and the status subresource), no operand.
import { DESIGN_API_VERSION, DESIGN_KIND, type Design } from '@opstudio/shared/design/schema';

export function blankDesign(): Design {
  return {
    apiVersion: DESIGN_API_VERSION,
    kind: DESIGN_KIND,
    project: { domain: 'example.com', repo: 'github.com/example/my-operator', projectName: 'my-operator' },
    crd: {
      group: 'apps',
      names: { kind: 'MyApp' },
      scope: 'Namespaced',
      versions: [
        {
          name: 'v1alpha1',
          served: true,
          storage: true,
          subresources: { status: true },
          schema: {
            type: 'object',
            fields: [
              { name: 'spec', type: 'object', fields: [] },
              { name: 'status', type: 'object', fields: [{ name: 'conditions', preset: 'conditions' }] },
            ],
          },
        },
      ],
    },
  };
}
