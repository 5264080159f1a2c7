// Our server for the match: started on a fresh SQLite file, its first club set up through the
// one-time setup link, and a director's API token made on the tokens page, as a director
// would (docs/web.md "First start", docs/api.md "Authentication").

import { ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface Server {
  base: string;
  setupLink: string;
  process: ChildProcess;
  dir: string;
}

/** Starts `calypso-director serve` on a free port with a fresh database (no robot par in the
 *  background: it would take the cores the match is timed on) and waits for its setup link. */
export function startServer(bin: string, env: Record<string, string> = {}): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), "peer-robots-"));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(bin, ["serve", "--bind", `127.0.0.1:${port}`], {
    cwd: dir,
    env: {
      ...process.env,
      DATABASE_URL: join(dir, "calypso.db"),
      CALYPSO_PAR_GAMES: "0",
      CALYPSO_BASE_URL: base,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`the server printed no setup link in 120 s:\n${out.slice(-2000)}`)), 120_000);
    const look = (chunk: Buffer) => {
      out += chunk.toString();
      const m = out.match(/(http:\/\/\S+\/setup\?token=[A-Za-z0-9_-]+)/);
      if (m) {
        clearTimeout(timer);
        resolve({ base, setupLink: m[1], process: child, dir });
      }
    };
    child.stdout!.on("data", look);
    child.stderr!.on("data", look);
    child.on("exit", (code) => reject(new Error(`the server stopped (${code}):\n${out.slice(-2000)}`)));
  });
}

class Browser {
  private cookies = new Map<string, string>();
  constructor(readonly base: string) {}
  async send(path: string, form?: Record<string, string>): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    let body: string | undefined;
    if (form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(form).toString();
    }
    const res = await fetch(this.base + path, { method: form ? "POST" : "GET", headers, body, redirect: "manual" });
    for (const c of res.headers.getSetCookie()) {
      const [kv] = c.split(";");
      const i = kv.indexOf("=");
      this.cookies.set(kv.slice(0, i), kv.slice(i + 1));
    }
    return res;
  }
  async page(path: string): Promise<string> {
    return (await this.send(path)).text();
  }
}

function csrf(html: string, where: string): string {
  const m = html.match(/name="csrf_token"[^>]*value="([^"]+)"/) ?? html.match(/value="([^"]+)"[^>]*name="csrf_token"/);
  if (!m) throw new Error(`no csrf token on ${where}`);
  return m[1];
}

const PASSWORD = "peer-robots-match-2026";

/** The club "peer" and its owner through the setup link, logged in, and an API token. */
export async function directorToken(server: Server): Promise<string> {
  const b = new Browser(server.base);
  const path = server.setupLink.slice(server.setupLink.indexOf("/setup"));
  const token = new URL(server.setupLink).searchParams.get("token")!;
  let r = await b.send("/setup", {
    csrf_token: csrf(await b.page(path), "/setup"),
    token,
    club_name: "Peer Robots",
    slug: "peer",
    time_zone: "UTC",
    name: "Match Director",
    email: "director@example.org",
    password: PASSWORD,
    password_confirm: PASSWORD,
  });
  if (r.status !== 303) throw new Error(`setup: ${r.status} ${(await r.text()).slice(0, 300)}`);
  r = await b.send("/login", {
    csrf_token: csrf(await b.page("/login"), "/login"),
    email: "director@example.org",
    password: PASSWORD,
  });
  if (r.status !== 303) throw new Error(`login: ${r.status}`);
  r = await b.send("/c/peer/tokens", {
    csrf_token: csrf(await b.page("/c/peer/tokens"), "the tokens page"),
    name: "peer robots match",
  });
  const html = await r.text();
  const m = html.match(/id="new-token">\s*([^<\s]+)/);
  if (!m) throw new Error(`no new token shown (${r.status})`);
  return m[1];
}

/** The JSON API as the director. */
export async function api(server: Server, token: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${server.base}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 500)}`);
  return text ? JSON.parse(text) : null;
}
