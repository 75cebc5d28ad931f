export const LAYOUT = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>{{subject}}</title></head>
<body style="margin:0;background:#f4f1f6;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f1a24">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="padding:32px 12px">
    <tr><td align="center">
      <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden">
        <tr><td style="background:#a5529f;padding:20px 32px;color:#ffffff;font-size:22px;font-weight:700">Fanmint</td></tr>
        <tr><td style="padding:32px">{{{body}}}</td></tr>
        <tr><td style="padding:16px 32px 28px;color:#6b6474;font-size:12px;line-height:18px">
          You received this email because of activity on your Fanmint account. We will never ask for your password by email.
          Always check that links point to {{siteUrl}}.
        </td></tr>
      </table>
    </td></tr>
  </table>
</body>
</html>`;

export const button = (urlVariable: string, label: string) =>
  `<p style="margin:28px 0"><a href="{{${urlVariable}}}" style="background:#a5529f;color:#ffffff;text-decoration:none;padding:12px 22px;border-radius:4px;font-weight:600;display:inline-block">${label}</a></p>
<p style="font-size:13px;color:#6b6474;word-break:break-all">If the button does not work, paste this link into your browser:<br>{{${urlVariable}}}</p>`;
