import crypto from 'node:crypto';
import { badRequest } from '../../http/errors';
import type { CatalogueEntry } from '../../../models/pluginMarket';

// Market packages are signed with Ed25519. What is signed is the SHA-256 digest of the zip (the 32 raw
// bytes), so a catalogue can publish the digest and the signature side by side and a verifier hashes the
// download once. Trusted keys: Banyan's market key below plus the deployment's own (config.pluginKeys,
// env BANYAN_PLUGIN_KEYS: base64 raw 32-byte public keys, comma-separated).

/** Banyan's market public key (raw, base64). The private key is kept offline; it signed the shipped packages. */
export const BANYAN_MARKET_KEY = '8N6Ywpknxpw+hwZEQIddTUhr85vHzskApSsPQ9Wo/qM=';

/** A raw 32-byte Ed25519 public key (base64) as a KeyObject, or null when it is not one. */
export function publicKeyFromRaw(base64: string): crypto.KeyObject | null {
  const raw = Buffer.from(base64, 'base64');
  if (raw.length !== 32) return null;
  try {
    return crypto.createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' });
  } catch {
    return null;
  }
}

export function trustedKeys(extra: readonly string[]): crypto.KeyObject[] {
  return [BANYAN_MARKET_KEY, ...extra].map(publicKeyFromRaw).filter((k): k is crypto.KeyObject => k !== null);
}

export const packageDigest = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest();

/**
 * Checks a downloaded zip against its catalogue entry: size, SHA-256 and an Ed25519 signature by a trusted
 * key over that digest. Throws a localized 400 ("bad signature") otherwise.
 */
export function verifySignedPackage(bytes: Buffer, entry: Pick<CatalogueEntry, 'id' | 'sha256' | 'signature' | 'size'>, keys: crypto.KeyObject[]) {
  const digest = packageDigest(bytes);
  if (bytes.length !== entry.size || digest.toString('hex') !== entry.sha256) throw badRequest('plugin.pkgDigest', { id: entry.id });
  const signature = Buffer.from(entry.signature, 'base64');
  const ok = signature.length === 64 && keys.some((key) => crypto.verify(null, digest, key, signature));
  if (!ok) throw badRequest('plugin.pkgBadSignature', { id: entry.id });
}

/** Signs a package (tests and the offline signing script): base64 signature over the zip's digest. */
export function signPackage(bytes: Buffer, privateKey: crypto.KeyObject): { sha256: string; signature: string; size: number } {
  const digest = packageDigest(bytes);
  return { sha256: digest.toString('hex'), signature: crypto.sign(null, digest, privateKey).toString('base64'), size: bytes.length };
}
