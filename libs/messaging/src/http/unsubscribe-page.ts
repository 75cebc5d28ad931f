const page = (body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Fanmint email settings</title></head>
<body><main><h1>Fanmint</h1>${body}</main></body></html>`;

/** The token is base64url and a dot, so it needs no escaping; it is checked before this page is made. */
export const confirmPage = (token: string) =>
  page(`<p>Stop emailing me unread messages?</p>
<form method="post" action="/api/messages/preferences/unsubscribe?token=${token}"><button type="submit">Stop these emails</button></form>
<p>You can turn them back on in your account settings.</p>`);

export const donePage = () =>
  page(
    `<p>Done: we will no longer email you unread messages.</p><p>You can turn them back on in your account settings.</p>`,
  );
