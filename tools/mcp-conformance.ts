// `npm run mcp:conformance -- <tool server URL>` with MCP_TOKEN set: the MCP conformance suite's server
// scenarios against a running tool server (e.g. `npm start`'s http://127.0.0.1:3000/mcp), through a
// proxy that adds the token, with this server's expected-failures baseline. Installs the suite (and a
// Node 22 when this Node is older) on first use into ~/.cache/policy-catalog/mcp-conformance. The proxy
// listens on MCP_CONFORMANCE_PORT (default 3999): start the server with
// MCP_ALLOWED_ORIGINS=http://127.0.0.1:3999 for the DNS-rebinding scenario, as a browser client's origin.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { conformanceTools, runServerConformance, TokenProxy } from '@pc/testing';

async function main(): Promise<void> {
  const target = process.argv[2];
  const token = process.env.MCP_TOKEN;
  if (!target || !token) {
    console.error('usage: MCP_TOKEN=pcat_... npm run mcp:conformance -- http://127.0.0.1:3000/mcp');
    process.exit(2);
  }
  const tools = await conformanceTools();
  const proxy = new TokenProxy(() => token);
  const port = await proxy.listen(Number(process.env.MCP_CONFORMANCE_PORT ?? 3999));
  proxy.target = new URL(target).origin;
  const outputDir = mkdtempSync(path.join(os.tmpdir(), 'mcp-conformance-'));
  try {
    const result = await runServerConformance(
      tools,
      `http://127.0.0.1:${port}${new URL(target).pathname}`,
      path.join(__dirname, '..', 'apps', 'mcp', 'conformance', 'expected-failures.yaml'),
      outputDir,
    );
    console.log(result.output);
    console.log(`results in ${outputDir}`);
    if (/✗ dns-rebinding-protection/.test(result.output))
      console.log(
        `(the DNS-rebinding scenario needs MCP_ALLOWED_ORIGINS=http://127.0.0.1:${port} on the server)`,
      );
    process.exitCode = result.code ?? 1;
  } finally {
    await proxy.close();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
