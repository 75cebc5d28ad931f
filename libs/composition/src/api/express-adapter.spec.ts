import { describe, expect, it } from '@jest/globals';
import { routeGroup } from './express-adapter.js';

describe('routeGroup', () => {
  it('groups a route by its first two literal segments', () => {
    expect(routeGroup('/api/purchases')).toBe('/api/purchases');
    expect(routeGroup('/api/purchases/:id')).toBe('/api/purchases');
    expect(routeGroup('/auth/v1/token')).toBe('/auth/v1');
    expect(routeGroup('/health')).toBe('/health');
  });

  it('leaves on the app router a route whose first two segments are not both literal', () => {
    expect(routeGroup('/api/:id')).toBeNull();
    expect(routeGroup('/{*path}')).toBeNull();
    expect(routeGroup('/')).toBeNull();
  });
});
