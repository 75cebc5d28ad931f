// What a merchant's adapter may reuse: the signature algorithm and the shapes of the API's objects.
// Nothing here touches the acquirer's server, database or configuration.
export * from './webhook-signature.js';
export type * from './api-types.js';
