import type { KeyTagSecretStore } from '@petstore/domain';

/**
 * The embedded store's key tag secret: the first one claimed in this process, so a new one at each
 * start, when every key but the dev key is lost anyway (docs/key-tags.md).
 */
export class MemoryKeyTagSecrets implements KeyTagSecretStore {
  private secret: string | null = null;

  async claim(candidate: string): Promise<string> {
    this.secret ??= candidate;
    return this.secret;
  }

  async find(): Promise<string | null> {
    return this.secret;
  }
}
