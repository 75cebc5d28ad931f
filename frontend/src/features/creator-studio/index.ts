// Nothing here is used by another feature: the app loads this feature's pages and routes by their paths.
export {};
