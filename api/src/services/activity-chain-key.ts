import { hkdfSync } from 'node:crypto';
import type { ApiConfig } from '../config';
import { CHAIN_KEY_BYTES } from '../db/activity-chain';
import { loadOrCreateSecretKey } from './secret-box';

/** HKDF's `info`: what the derived key is for, so it is no other key derived from the same one. */
const DERIVATION_INFO = 'cloud-pos activity chain v1';

/**
 * The key of the activity chain's HMAC: ACTIVITY_CHAIN_KEY when set, else derived (HKDF-SHA256,
 * empty salt, info 'cloud-pos activity chain v1', 32 bytes) from the store secret key
 * (STORE_SECRET_KEY or its file). The database never holds it. Deriving it by default means
 * every instance that can open the stores' secrets, which all instances sharing a database
 * must, holds the same chain key without another secret to hand out; the store secret key
 * must then not change without ACTIVITY_CHAIN_KEY set to the old derived key.
 */
export function loadActivityChainKey(
  config: Pick<ApiConfig, 'activityChainKey' | 'storeSecretKey' | 'storeSecretKeyPath'>,
): Buffer {
  if (config.activityChainKey) return config.activityChainKey;
  const storeKey = loadOrCreateSecretKey(config.storeSecretKey, config.storeSecretKeyPath);
  return Buffer.from(
    hkdfSync('sha256', storeKey, Buffer.alloc(0), DERIVATION_INFO, CHAIN_KEY_BYTES),
  );
}
