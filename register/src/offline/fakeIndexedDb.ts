// Tests only: fake-indexeddb in jsdom. jsdom has no structuredClone, which IndexedDB stores
// with; Node's v8 serializer is the same structured clone algorithm.
import { deserialize, serialize } from 'node:v8';
import 'fake-indexeddb/auto';

globalThis.structuredClone ??= <T>(value: T): T => deserialize(serialize(value)) as T;
