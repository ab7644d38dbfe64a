/**
 * The shipped balancer configs as files: rendering keeps everything but the tagged lines and
 * fails loudly when a tag is missing (the configs and the tests must not drift apart), and the
 * rendered files pass the balancers' own syntax checks (`nginx -t`, `haproxy -c`).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  describeWithTools,
  haproxyTemplatePath,
  nginxTemplatePath,
  renderHaproxy,
  renderNginx,
  tempDir,
} from './harness/index.js';

const backends = [0, 1, 2].map((i) => ({
  name: `mux-${i}`,
  address: `127.0.0.1:${7100 + i}`,
  checkPort: 9100 + i,
  instanceId: `id-${i}`,
}));

describe('rendering deploy/nginx.conf and deploy/haproxy.cfg for loopback', () => {
  it('nginx: every upstream block lists the backends; listen, access log and temp paths are local', () => {
    const dir = tempDir('render');
    const text = renderNginx({ listenPort: 7000, backends, dir });
    for (const pool of ['mcp_mux_sessions', 'mcp_mux_any', 'mcp_mux_by_client']) {
      const block = new RegExp(`upstream ${pool} \\{([^}]*)\\}`).exec(text)?.[1] ?? '';
      expect(block.match(/server 127\.0\.0\.1:710\d /g)).toHaveLength(3);
    }
    expect(text).toContain('hash $http_mcp_session_id consistent;');
    // One owner block per instance, named after its id: its server first, the others backup.
    for (const [i, id] of ['id-0', 'id-1', 'id-2'].entries()) {
      const block = new RegExp(`upstream mcp_mux_owner_${id} \\{([^}]*)\\}`).exec(text)?.[1] ?? '';
      expect(block).toContain(`zone mcp_mux_owner_${id} 64k;`);
      const servers = [...block.matchAll(/server 127\.0\.0\.1:(\d+)[^;]*?( backup)?;/g)];
      expect(servers.map(([, port, backup]) => `${port}${backup ?? ''}`)).toEqual(
        [0, 1, 2]
          .map((j) => `${7100 + j}${j === i ? '' : ' backup'}`)
          .sort((a, b) => Number(a.endsWith('backup')) - Number(b.endsWith('backup'))),
      );
      expect(text).toMatch(new RegExp(`^\\s*${id}\\s+mcp_mux_owner_${id};`, 'm'));
    }
    expect(text.match(/upstream mcp_mux_owner_/g)).toHaveLength(3);
    // Idle upstream connections close before the instances close them (Node: 5 s).
    const blocks = [...text.matchAll(/upstream \S+ \{([^}]*)\}/g)].map((m) => m[1] ?? '');
    expect(blocks).toHaveLength(6);
    for (const block of blocks) expect(block).toMatch(/keepalive_timeout [1-4]s;/);
    expect(text).not.toMatch(/mux-[abc]/);
    expect(text).toContain('listen 127.0.0.1:7000;');
    expect(text).toContain(`access_log ${join(dir, 'access.log')} mcp_mux;`);
    expect(text).toContain(`proxy_temp_path ${join(dir, 'proxy_temp')};`);
    expect(text).not.toMatch(/10\.0\.0\.\d+/);
  });

  it('haproxy: both backends list the servers with their health-check ports; bind and log are local', () => {
    const text = renderHaproxy({ listenPort: 7000, backends });
    expect(text.match(/server mux-1 127\.0\.0\.1:7101 check port 9101/g)).toHaveLength(2);
    expect(text).toContain('stick store-response res.hdr(mcp-session-id)');
    expect(text).toContain('bind 127.0.0.1:7000');
    expect(text).toContain('log stdout format raw local0 info');
    expect(text).not.toMatch(/10\.0\.0\.\d+/);
  });

  it('refuses a template whose tags are gone', () => {
    const untagged = (path: string) => readFileSync(path, 'utf8').replaceAll('# @listen', '');
    expect(() =>
      renderNginx({ listenPort: 1, backends, dir: tempDir('render') }, untagged(nginxTemplatePath)),
    ).toThrow(/@listen/);
    expect(() => renderHaproxy({ listenPort: 1, backends }, untagged(haproxyTemplatePath))).toThrow(
      /@listen/,
    );
  });
});

describeWithTools(
  'the rendered configs pass the balancers’ syntax checks',
  ['nginx', 'haproxy'],
  (tools) => {
    it('nginx -t accepts the rendered nginx.conf', () => {
      const dir = tempDir('nginx-t');
      const file = join(dir, 'nginx.conf');
      writeFileSync(file, renderNginx({ listenPort: 7000, backends, dir }));
      const globals = `pid ${join(dir, 'nginx.pid')}; error_log stderr;`;
      const run = spawnSync(
        tools.nginx,
        ['-t', '-e', 'stderr', '-p', `${dir}/`, '-c', file, '-g', globals],
        {
          encoding: 'utf8',
          timeout: 10_000,
        },
      );
      expect(run.stderr).toMatch(/syntax is ok/);
      expect(run.status).toBe(0);
    });

    it('haproxy -c accepts the rendered and the shipped haproxy.cfg', () => {
      const dir = tempDir('haproxy-c');
      const file = join(dir, 'haproxy.cfg');
      writeFileSync(file, renderHaproxy({ listenPort: 7000, backends }));
      for (const path of [file, haproxyTemplatePath]) {
        const run = spawnSync(tools.haproxy, ['-c', '-f', path], {
          encoding: 'utf8',
          timeout: 10_000,
        });
        expect(`${run.status} ${run.stdout}${run.stderr}`).toMatch(/^0 /);
      }
    });
  },
);
