import type { TestApp } from '../../helpers/app';

export interface OpLogContext {
  t: TestApp;
  superToken: string;
  /** A site the super-admin manages (send it as siteId). */
  siteId: number;
}

export type OpLogCalls = Record<string, (ctx: OpLogContext) => Promise<string>>;
