import { Button, Center } from '@mantine/core';

/** The next page of a cursor-paged list (an infinite query), while there is one. */
export function LoadMore({
  list,
}: {
  list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
}) {
  if (!list.hasNextPage) return null;
  return (
    <Center>
      <Button variant="default" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
        Load more
      </Button>
    </Center>
  );
}
