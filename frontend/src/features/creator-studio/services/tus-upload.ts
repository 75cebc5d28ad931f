// The tus helper is shared with the posts composer (it uploads post media the same way); it lives in @/shared.
export * from '@/shared/tus-upload';
