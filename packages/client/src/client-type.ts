import type { Client, ClientPathsWithMethod, FetchResponse, MaybeOptionalInit } from 'openapi-fetch';
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

type PostPath = ClientPathsWithMethod<Client<PetstorePaths>, 'post'>;
type JsonBodyOf<Path extends PostPath> = NonNullable<PetstorePaths[Path]['post']['requestBody']>['content']['application/json'];
/** A body with each field its schema lacks typed `never`: the service refuses unknown fields. */
type Exact<Body, Shape> = Body & { [Field in Exclude<keyof Body, keyof Shape>]: never };

/**
 * openapi-fetch's POST, its body exact: openapi-fetch infers the whole init as a type parameter,
 * which turns off TypeScript's check of excess properties, so `{ name, categoryId, id: 3 }`
 * compiled and was refused with 400. Each field the document does not list is refused here.
 */
interface ExactPost {
  <Path extends PostPath, Init extends MaybeOptionalInit<PetstorePaths[Path], 'post'>>(
    url: Path,
    init: Init & { body: Exact<Init extends { body: infer Body } ? Body : never, JsonBodyOf<Path>> } & { [key: string]: unknown },
  ): Promise<FetchResponse<PetstorePaths[Path]['post'], Init, AnyMediaType>>;
}

/**
 * An openapi-fetch client of the published document: paths, parameters, bodies (exactly: no
 * field the document lacks) and each status's body are checked by the compiler, so `data` is a
 * Pet or Pet[] and `error` the Error of that status.
 */
export interface PetstoreRestClient extends Omit<Client<PetstorePaths>, 'GET' | 'POST'> {
  GET: DeprecatedGetPet & Client<PetstorePaths>['GET'];
  POST: ExactPost;
}
