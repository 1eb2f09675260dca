import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../cli/run-cli.js';

/**
 * A language client of the YAML language server (the one VS Code's YAML extension, and Neovim's and
 * JetBrains' setups, run), started as an editor starts it: its own process speaking LSP JSON-RPC
 * over stdio, each message framed by a Content-Length header (LSP 3.17, "Base Protocol").
 */

export interface Diagnostic {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  message: string;
  severity?: number;
  source?: string;
}

export interface CompletionItem {
  label: string;
}

interface Message {
  jsonrpc: '2.0';
  id?: number | string;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

const serverEntry = path.join(repoRoot, 'node_modules', 'yaml-language-server', 'bin', 'yaml-language-server');

export class YamlLanguageServer {
  readonly #child: ChildProcess;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  /** The latest diagnostics published for each document, and who waits for the next. */
  readonly #diagnostics = new Map<string, Diagnostic[]>();
  readonly #diagnosticWaiters = new Map<string, Array<(diagnostics: Diagnostic[]) => void>>();
  #settings: Record<string, unknown>;
  #buffer = Buffer.alloc(0);
  #nextId = 0;
  #versions = new Map<string, number>();
  stderr = '';

  private constructor(settings: Record<string, unknown>) {
    this.#settings = settings;
    this.#child = spawn(process.execPath, [serverEntry, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.#child.stdout!.on('data', (chunk: Buffer) => this.#receive(chunk));
    this.#child.stderr!.setEncoding('utf8').on('data', (text: string) => (this.stderr += text));
    this.#child.on('exit', () => {
      for (const { reject } of this.#pending.values()) reject(new Error(`the language server exited\n${this.stderr}`));
      this.#pending.clear();
    });
  }

  /**
   * Starts the server for a workspace folder and configures it as the editor would: `yaml` settings
   * (answered to workspace/configuration and sent with didChangeConfiguration), SchemaStore off so
   * that nothing is fetched from the internet.
   */
  static async start(workspace: string, yamlSettings: Record<string, unknown> = {}): Promise<YamlLanguageServer> {
    const settings = { validate: true, completion: true, hover: true, schemaStore: { enable: false }, ...yamlSettings };
    const server = new YamlLanguageServer(settings);
    const root = pathToFileURL(workspace).href;
    await server.request('initialize', {
      processId: process.pid,
      rootUri: root,
      workspaceFolders: [{ uri: root, name: path.basename(workspace) }],
      capabilities: {
        workspace: { configuration: true, workspaceFolders: true },
        textDocument: { publishDiagnostics: {}, completion: { completionItem: { snippetSupport: true } } },
      },
    });
    server.#notify('initialized', {});
    server.#notify('workspace/didChangeConfiguration', { settings: { yaml: settings } });
    // The server pulls the settings (workspace/configuration) and validates what is open without
    // waiting for them; its code lens handler does wait, so its answer means they are applied.
    await server.request('textDocument/codeLens', { textDocument: { uri: pathToFileURL(path.join(workspace, 'none.yaml')).href } });
    return server;
  }

  /** Opens (or, once open, changes) a document and waits for the diagnostics published for it. */
  async diagnose(file: string, text = readFileSync(file, 'utf8')): Promise<Diagnostic[]> {
    const uri = pathToFileURL(file).href;
    const next = this.#nextDiagnostics(uri);
    const version = (this.#versions.get(uri) ?? 0) + 1;
    this.#versions.set(uri, version);
    if (version === 1) this.#notify('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version, text } });
    else this.#notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
    return next;
  }

  /** textDocument/completion at a position of an open document. */
  async complete(file: string, line: number, character: number): Promise<CompletionItem[]> {
    const result = (await this.request('textDocument/completion', { textDocument: { uri: pathToFileURL(file).href }, position: { line, character } })) as
      CompletionItem[] | { items: CompletionItem[] } | null;
    return Array.isArray(result) ? result : (result?.items ?? []);
  }

  async stop(): Promise<void> {
    if (this.#child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.#child.once('exit', resolve));
    await this.request('shutdown', null).catch(() => undefined);
    this.#notify('exit', null);
    await exited;
  }

  request(method: string, params: unknown): Promise<unknown> {
    const id = ++this.#nextId;
    const answer = new Promise<unknown>((resolve, reject) => this.#pending.set(id, { resolve, reject }));
    this.#send({ jsonrpc: '2.0', id, method, params });
    return answer;
  }

  #notify(method: string, params: unknown): void {
    this.#send({ jsonrpc: '2.0', method, params });
  }

  #send(message: Message): void {
    const body = JSON.stringify(message);
    this.#child.stdin!.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  }

  #nextDiagnostics(uri: string): Promise<Diagnostic[]> {
    return new Promise((resolve) => this.#diagnosticWaiters.set(uri, [...(this.#diagnosticWaiters.get(uri) ?? []), resolve]));
  }

  #receive(chunk: Buffer): void {
    this.#buffer = Buffer.concat([this.#buffer, chunk]);
    for (;;) {
      const headerEnd = this.#buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(this.#buffer.subarray(0, headerEnd).toString('ascii'))?.[1]);
      if (!Number.isInteger(length)) throw new Error(`a message without Content-Length: ${this.#buffer.subarray(0, headerEnd).toString()}`);
      if (this.#buffer.length < headerEnd + 4 + length) return;
      const message = JSON.parse(this.#buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8')) as Message;
      this.#buffer = this.#buffer.subarray(headerEnd + 4 + length);
      this.#handle(message);
    }
  }

  #handle(message: Message): void {
    if (message.method === undefined && message.id !== undefined) {
      const pending = this.#pending.get(Number(message.id));
      this.#pending.delete(Number(message.id));
      if (message.error) pending?.reject(new Error(`${message.error.code}: ${message.error.message}`));
      else pending?.resolve(message.result);
      return;
    }
    if (message.method !== undefined && message.id !== undefined) {
      // A request of the server's: the settings it asks for, and a plain acknowledgement of the rest
      // (client/registerCapability, window/workDoneProgress/create).
      const items = (message.params as { items?: Array<{ section?: string }> } | undefined)?.items ?? [];
      const result = message.method === 'workspace/configuration' ? items.map((item) => (item.section === 'yaml' ? this.#settings : null)) : null;
      this.#send({ jsonrpc: '2.0', id: message.id, result });
      return;
    }
    if (message.method === 'textDocument/publishDiagnostics') {
      const { uri, diagnostics } = message.params as { uri: string; diagnostics: Diagnostic[] };
      this.#diagnostics.set(uri, diagnostics);
      const waiters = this.#diagnosticWaiters.get(uri) ?? [];
      this.#diagnosticWaiters.delete(uri);
      for (const waiter of waiters) waiter(diagnostics);
    }
  }
}
