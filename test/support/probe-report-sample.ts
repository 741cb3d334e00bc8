/**
 * A probe report written by hand in the report's format, version 1 (src/probe/report.ts): one failed MUST, one
 * passed MUST, one SHOULD not attempted, and one check whose spec link points off the spec's hosts (a forged or
 * hostile report), for the hand-in's browser test and the screenshot gallery.
 */
export const SAMPLE_REPORT = {
  format: 'mcp-lab-probe-report',
  version: 1,
  protocol: '2026-07-28',
  transport: 'stdio',
  server: {
    name: 'incident-desk',
    version: '0.1.0',
    command: 'node exercises/11-capstone-incident-desk/incident-desk.problem.ts',
  },
  startedAt: '2026-12-01T10:00:00.000Z',
  durationMs: 2140,
  checks: [
    {
      id: 'unknown-tool',
      level: 'MUST',
      status: 'pass',
      spec: {
        url: 'https://modelcontextprotocol.io/specification/2026-07-28/server/tools#error-handling',
        quote:
          'Protocol Errors indicate issues with the request structure itself that models are less likely to be able to fix',
      },
      chapter: {
        id: 'tool-failures-vs-protocol-failures',
        anchor: 'which-failures-go-where',
        title: 'Tool failures versus protocol failures',
      },
      sent: '{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"delete_everything","arguments":{}}}',
      received: '{"jsonrpc":"2.0","id":11,"error":{"code":-32602,"message":"Unknown tool: delete_everything"}}',
      explanation: 'An unknown tool is a protocol error, -32602.',
    },
    {
      id: 'tool-error-is-result',
      level: 'MUST',
      status: 'fail',
      spec: {
        url: 'https://modelcontextprotocol.io/specification/2026-07-28/server/tools#error-handling',
        quote: 'Input validation errors (e.g., date in wrong format, value out of range)',
      },
      chapter: {
        id: 'tool-failures-vs-protocol-failures',
        anchor: 'which-failures-go-where',
        title: 'Tool failures versus protocol failures',
      },
      sent: '{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"lookup_incident","arguments":{"incidentId":"INC-12x"}}}',
      received: '{"jsonrpc":"2.0","id":12,"error":{"code":-32602,"message":"Unknown incident INC-12x"}}',
      explanation:
        'A malformed incident id is an input validation error: the tool owes a result with isError true, not a JSON-RPC error the model may never see.',
    },
    {
      id: 'http-accept',
      level: 'SHOULD',
      status: 'not-attempted',
      spec: { url: 'https://evil.example/phish', quote: '' },
      chapter: {
        id: 'errors-on-streamable-http',
        anchor: 'two-layers-one-exchange',
        title: 'Errors on Streamable HTTP',
      },
      sent: '',
      received: '',
      explanation: 'Not attempted: the server was probed on stdio.',
    },
  ],
  score: { must: { passed: 1, of: 2 }, should: { passed: 0, of: 0 }, may: { passed: 0, of: 0 } },
} as const;

/** The same report with every MUST passed. */
export const PASSING_REPORT = {
  ...SAMPLE_REPORT,
  checks: [SAMPLE_REPORT.checks[0], { ...SAMPLE_REPORT.checks[1], status: 'pass' }, SAMPLE_REPORT.checks[2]],
  score: { ...SAMPLE_REPORT.score, must: { passed: 2, of: 2 } },
} as const;
