import type { TestPlatform } from './test-platform.js';

/** An answer of the api as a suite checks it: status, the parsed JSON body (null when not JSON), the text and headers. */
export interface ApiResponse {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
  body: any;
  text: string;
  headers: Headers;
}

/** One request to the platform's api, with a bearer token when given and a JSON body when given. */
export async function callApi(
  platform: TestPlatform,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  const response = await fetch(`${platform.baseUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return readApiResponse(response);
}

/** A fetch response as a suite checks it: the body parsed as JSON when it is JSON, null otherwise. */
export async function readApiResponse(response: Response): Promise<ApiResponse> {
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  return { status: response.status, body: parsed, text, headers: response.headers };
}
