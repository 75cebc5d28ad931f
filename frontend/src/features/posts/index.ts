// The store page's Posts tab; the dashboard's Posts page and /feed load by their paths.
export { PostList } from './components/PostList';
export { postKeys, postsOf, useStorePosts, type PostPages } from './hooks/use-posts';
export type { Post } from './services/posts-types';
