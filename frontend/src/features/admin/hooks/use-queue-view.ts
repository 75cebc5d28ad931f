import { useSearchParams } from 'react-router-dom';

/**
 * The tab a queue shows, kept in the address (`?status=rejected`) so it survives a reload and a
 * link back from a detail page. The first tab is the default and leaves the address bare.
 */
export function useQueueView<V extends string>(param: string, views: readonly { value: V }[]): [V, (view: V) => void] {
  const [params, setParams] = useSearchParams();
  const fallback = views[0].value;
  const asked = params.get(param);
  const view = views.find((candidate) => candidate.value === asked)?.value ?? fallback;
  const show = (next: V) => setParams(next === fallback ? {} : { [param]: next });
  return [view, show];
}
