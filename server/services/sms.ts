import fs from 'node:fs/promises';
import path from 'node:path';

/** Sends a text message. Production deployments plug in their SMS provider behind this interface. */
export interface SmsSender {
  send(phone: string, text: string): Promise<void>;
}

export interface OutboxEntry {
  phone: string;
  text: string;
  at: string;
}

/**
 * Default sender for installations without an SMS provider: each message is appended to
 * `<dataDir>/sms-outbox.jsonl` and written to the server log, so an operator can read it.
 */
export class OutboxSmsSender implements SmsSender {
  constructor(
    private readonly file: string,
    private readonly log: (line: string) => void = (line) => console.log(line),
  ) {}

  static inDataDir(dataDir: string, log?: (line: string) => void): OutboxSmsSender {
    return new OutboxSmsSender(path.join(dataDir, 'sms-outbox.jsonl'), log);
  }

  async send(phone: string, text: string): Promise<void> {
    const entry: OutboxEntry = { phone, text, at: new Date().toISOString() };
    await fs.mkdir(path.dirname(this.file), { recursive: true });
    await fs.appendFile(this.file, JSON.stringify(entry) + '\n');
    this.log(`[sms] to ${phone}: ${text}`);
  }

  async read(): Promise<OutboxEntry[]> {
    const raw = await fs.readFile(this.file, 'utf8').catch(() => '');
    return raw
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as OutboxEntry);
  }
}
