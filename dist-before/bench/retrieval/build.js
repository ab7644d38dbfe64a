#!/usr/bin/env node
/**
 * Builds `tools.json`, the tool set of the retrieval bench, from real MCP servers' tool lists:
 * each server below is started over stdio from a directory where its npm package was installed
 * (never a dependency of mcp-mux), asked `tools/list` with the SDK client, and closed. Every
 * tool records the server it came from (package and version).
 *
 *   mkdir /tmp/mcp-src && cd /tmp/mcp-src && npm init -y && \
 *     npm install --ignore-scripts <the packages below>
 *   node dist/bench/retrieval/build.js /tmp/mcp-src
 *
 * Credentials are dummies: the servers list their tools without calling their APIs.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { repoRoot } from '../paths.js';
import { retrievalDir } from './dataset.js';
const SOURCES = [
    {
        server: 'filesystem',
        package: '@modelcontextprotocol/server-filesystem',
        bin: 'mcp-server-filesystem',
        args: ['/tmp'],
    },
    { server: 'memory', package: '@modelcontextprotocol/server-memory', bin: 'mcp-server-memory' },
    {
        server: 'github',
        package: '@modelcontextprotocol/server-github',
        bin: 'mcp-server-github',
        env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'x' },
    },
    {
        server: 'gitlab',
        package: '@modelcontextprotocol/server-gitlab',
        bin: 'mcp-server-gitlab',
        env: { GITLAB_PERSONAL_ACCESS_TOKEN: 'x' },
    },
    {
        server: 'slack',
        package: '@modelcontextprotocol/server-slack',
        bin: 'mcp-server-slack',
        env: { SLACK_BOT_TOKEN: 'x', SLACK_TEAM_ID: 'x' },
    },
    {
        server: 'brave',
        package: '@modelcontextprotocol/server-brave-search',
        bin: 'mcp-server-brave-search',
        env: { BRAVE_API_KEY: 'x' },
    },
    {
        server: 'maps',
        package: '@modelcontextprotocol/server-google-maps',
        bin: 'mcp-server-google-maps',
        env: { GOOGLE_MAPS_API_KEY: 'x' },
    },
    {
        server: 'postgres',
        package: '@modelcontextprotocol/server-postgres',
        bin: 'mcp-server-postgres',
        args: ['postgresql://127.0.0.1:1/none'],
    },
    {
        server: 'puppeteer',
        package: '@modelcontextprotocol/server-puppeteer',
        bin: 'mcp-server-puppeteer',
    },
    {
        server: 'thinking',
        package: '@modelcontextprotocol/server-sequential-thinking',
        bin: 'mcp-server-sequential-thinking',
    },
    {
        server: 'redis',
        package: '@modelcontextprotocol/server-redis',
        bin: 'mcp-server-redis',
        args: ['redis://127.0.0.1:1'],
    },
    {
        server: 'notion',
        package: '@notionhq/notion-mcp-server',
        bin: 'notion-mcp-server',
        env: { NOTION_TOKEN: 'x' },
    },
    { server: 'playwright', package: '@playwright/mcp', bin: 'playwright-mcp' },
    { server: 'desktop', package: '@wonderwhy-er/desktop-commander', bin: 'desktop-commander' },
    {
        server: 'heroku',
        package: '@heroku/mcp-server',
        bin: 'heroku-mcp-server',
        env: { HEROKU_API_KEY: 'x' },
    },
    {
        server: 'sentry',
        package: '@sentry/mcp-server',
        bin: 'sentry-mcp',
        args: ['--access-token=x'],
    },
    {
        server: 'supabase',
        package: '@supabase/mcp-server-supabase',
        bin: 'mcp-server-supabase',
        args: ['--access-token=x'],
    },
    {
        server: 'neon',
        package: '@neondatabase/mcp-server-neon',
        bin: 'mcp-server-neon',
        args: ['start', 'x'],
    },
    { server: 'k8s', package: 'mcp-server-kubernetes', bin: 'mcp-server-kubernetes' },
    {
        server: 'browser',
        package: '@executeautomation/playwright-mcp-server',
        bin: 'playwright-mcp-server',
    },
    {
        server: 'firecrawl',
        package: 'firecrawl-mcp',
        bin: 'firecrawl-mcp',
        env: { FIRECRAWL_API_KEY: 'x' },
    },
    { server: 'tavily', package: 'tavily-mcp', bin: 'tavily-mcp', env: { TAVILY_API_KEY: 'x' } },
    { server: 'exa', package: 'exa-mcp-server', bin: 'exa-mcp-server', env: { EXA_API_KEY: 'x' } },
    {
        server: 'circleci',
        package: '@circleci/mcp-server-circleci',
        bin: 'mcp-server-circleci',
        env: { CIRCLECI_TOKEN: 'x' },
    },
    {
        server: 'stripe',
        package: '@stripe/mcp',
        bin: 'mcp',
        args: ['--tools=all', '--api-key=sk_test_x'],
    },
    {
        server: 'hubspot',
        package: '@hubspot/mcp-server',
        bin: 'mcp-hubspot',
        env: { PRIVATE_APP_ACCESS_TOKEN: 'x' },
    },
    {
        server: 'glab',
        package: '@zereight/mcp-gitlab',
        script: 'build/index.js',
        env: { GITLAB_PERSONAL_ACCESS_TOKEN: 'x' },
    },
    { server: 'ado', package: '@azure-devops/mcp', script: 'dist/index.js', args: ['contoso'] },
    { server: 'gmail', package: '@shinzolabs/gmail-mcp', script: 'dist/index.js' },
    { server: 'git', package: '@cyanheads/git-mcp-server', script: 'dist/index.js' },
    {
        server: 'airtable',
        package: 'airtable-mcp-server',
        script: 'dist/main.js',
        env: { AIRTABLE_API_KEY: 'x' },
    },
    {
        server: 'upstash',
        package: '@upstash/mcp-server',
        script: 'dist/index.js',
        args: ['run', 'x@example.com', 'x'],
    },
    {
        server: 'cloudflare',
        package: '@cloudflare/mcp-server-cloudflare',
        script: 'dist/index.js',
        args: ['run', 'x'],
    },
    {
        server: 'everything',
        package: '@modelcontextprotocol/server-everything',
        script: 'dist/index.js',
    },
];
async function toolsOf(root, source) {
    // The package from the install directory, else from mcp-mux's own dev dependencies.
    const dirs = [
        join(root, 'node_modules', source.package),
        join(repoRoot, 'node_modules', source.package),
    ];
    const dir = dirs.find((d) => existsSync(join(d, 'package.json')));
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const transport = new StdioClientTransport({
        command: source.script
            ? process.execPath
            : join(root, 'node_modules', '.bin', source.bin ?? ''),
        args: [...(source.script ? [join(dir, source.script)] : []), ...(source.args ?? [])],
        env: { PATH: process.env.PATH ?? '', HOME: '/tmp', ...source.env },
        stderr: 'ignore',
    });
    const client = new Client({ name: 'retrieval-build', version: '1' });
    try {
        await client.connect(transport, { timeout: 30_000 });
        const tools = [];
        let cursor;
        do {
            const page = await client.listTools(cursor ? { cursor } : {}, { timeout: 30_000 });
            for (const tool of page.tools) {
                const entry = {
                    server: source.server,
                    source: `npm:${source.package}@${pkg.version}`,
                    name: tool.name,
                    inputSchema: tool.inputSchema,
                };
                if (tool.description)
                    entry.description = tool.description;
                tools.push(entry);
            }
            cursor = page.nextCursor;
        } while (cursor);
        return tools;
    }
    finally {
        await client.close().catch(() => { });
    }
}
async function main() {
    const root = process.argv[2];
    if (!root)
        throw new Error('usage: build.js <directory with the servers installed>');
    const all = [];
    for (const source of SOURCES) {
        try {
            const tools = await toolsOf(root, source);
            process.stderr.write(`${source.server}: ${tools.length} tools\n`);
            all.push(...tools);
        }
        catch (error) {
            process.stderr.write(`${source.server}: skipped (${error.message})\n`);
        }
    }
    writeFileSync(join(retrievalDir, 'tools.json'), `${JSON.stringify(all, null, 1)}\n`);
    process.stderr.write(`${all.length} tools written\n`);
}
await main();
//# sourceMappingURL=build.js.map