/** Dashboard routes that are the creator's own pages in the live phase (locked previews before it). */
export const CREATOR_STUDIO_ROUTES = {
  '/dashboard/mystoresettings': 'StoreSettingsRoute',
  '/dashboard/my-videos': 'MyVideosRoute',
  '/dashboard/photo-albums': 'MyPhotoAlbumsRoute',
} as const;
