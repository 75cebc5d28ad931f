import type { components } from './schema';

/** Request and response shapes of the product API, generated from the server's OpenAPI document. */
export type ApiSchemas = components['schemas'];
export type ResetPasswordRequest = ApiSchemas['ResetPasswordDto'];
export type RecordConsentRequest = ApiSchemas['RecordConsentDto'];
export type ConsentType = ApiSchemas['ConsentDataDto']['consentTypes'][number];
