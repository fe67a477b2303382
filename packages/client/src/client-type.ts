import type { Client, FetchResponse, MaybeOptionalInit } from 'openapi-fetch';
import type { PetstorePaths } from './exact-types.js';

type GetPetPath = PetstorePaths['/pets/{petId}'];
/** openapi-fetch's media type parameter (openapi-typescript-helpers' MediaType), at its default. */
type AnyMediaType = `${string}/${string}`;

/**
 * `GET /pets/{petId}` as its own call signature, so that an editor strikes through a call of the
 * deprecated operation (the generated `paths` carries the tag, but no call site ever shows it).
 */
interface DeprecatedGetPet {
  /**
   * Get a pet by id (`getPet`).
   * @deprecated Removed on 2030-12-05: from then on it answers `410 gone`. List pets with `GET /pets` and its `status` filter instead.
   */
  <Init extends MaybeOptionalInit<GetPetPath, 'get'>>(
    url: '/pets/{petId}',
    init: Init & { [key: string]: unknown },
  ): Promise<FetchResponse<GetPetPath['get'], Init, AnyMediaType>>;
}

/**
 * An openapi-fetch client of the published document: paths, parameters, bodies and each status's
 * body are checked by the compiler, so `data` is a Pet or Pet[] and `error` the Error of that status.
 */
export interface PetstoreRestClient extends Omit<Client<PetstorePaths>, 'GET'> {
  GET: DeprecatedGetPet & Client<PetstorePaths>['GET'];
}
