/** The one key tag secret the instances on a database share, under a fixed `_id` so that only one insert can win. */
export interface KeyTagSecretDocument {
  _id: 'key-tag';
  secret: string;
  createdAt: Date;
}
