// A plain "Ticket" kind (two printer columns, no status, nothing reconciles it): what the
// large-table e2e spec and the 10,000-resource bench fill a cluster with. No imports, so
// Playwright specs and benches load it without the controller's modules.
export function ticketCrd(group: string) {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `tickets.${group}` },
    spec: {
      group,
      scope: 'Namespaced',
      names: { kind: 'Ticket', plural: 'tickets', singular: 'ticket', listKind: 'TicketList' },
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          additionalPrinterColumns: [
            { name: 'Priority', type: 'integer', jsonPath: '.spec.priority' },
            { name: 'Owner', type: 'string', jsonPath: '.spec.owner' },
          ],
          schema: {
            openAPIV3Schema: {
              type: 'object',
              properties: {
                spec: { type: 'object', properties: { priority: { type: 'integer' }, owner: { type: 'string' } } },
              },
            },
          },
        },
      ],
    },
  };
}
