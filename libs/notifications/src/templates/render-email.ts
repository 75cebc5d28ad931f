import Handlebars from 'handlebars';
import type { EmailVariable } from '#app/platform';
import { LAYOUT } from './layout.js';
import { TEMPLATES } from './catalogue.js';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const layout = Handlebars.compile(LAYOUT);
const compiled = new Map(
  Object.entries(TEMPLATES).map(([name, template]) => [
    name,
    {
      subject: Handlebars.compile(template.subject),
      html: Handlebars.compile(template.html),
      text: Handlebars.compile(template.text, { noEscape: true }),
    },
  ]),
);

export class UnknownTemplateError extends Error {}

export function renderEmail(name: string, variables: Record<string, EmailVariable>, siteUrl: string): RenderedEmail {
  const template = compiled.get(name);
  if (!template) throw new UnknownTemplateError(`Unknown email template "${name}"`);
  const subject = template.subject(variables);
  return {
    subject,
    html: layout({ subject, siteUrl, body: template.html(variables) }),
    text: `${template.text(variables)}\n\n-- \nFanmint · ${siteUrl}`,
  };
}
