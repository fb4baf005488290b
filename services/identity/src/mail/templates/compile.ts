// Compiles our MJML templates to HTML with their placeholders kept: run ahead of time by write-compiled.ts
// (npm run mail:templates), and by the test that checks compiled-templates.ts is up to date. Not imported by the service.
import mjml2html from 'mjml';
import type { MailTemplate } from './render.ts';

/** The frame every message shares. */
function frame(template: MailTemplate<string>): string {
  return `<mjml lang="en">
  <mj-head>
    <mj-title>${template.subject}</mj-title>
    <mj-preview>${template.preview}</mj-preview>
    <mj-attributes>
      <mj-all font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" />
      <mj-text font-size="15px" line-height="1.6" color="#1f1f1f" padding="6px 24px" />
      <mj-button background-color="#1f1f1f" color="#ffffff" border-radius="6px" font-size="15px" inner-padding="12px 20px" align="left" padding="18px 24px" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f6f6f4" width="560px">
    <mj-section padding="24px 12px">
      <mj-column background-color="#ffffff" border-radius="8px" padding="20px 0">
        ${template.body}
        <mj-text font-size="13px" color="#6b6b6b" padding-top="24px">Keisha</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

/** The template's HTML with its placeholders still in it. */
export async function compileTemplate(template: MailTemplate<string>): Promise<string> {
  // No web fonts (nothing is fetched by a reader's mail client on our behalf), no file includes.
  const { html, errors } = await mjml2html(frame(template), { validationLevel: 'strict', fonts: {}, keepComments: false, ignoreIncludes: true });
  if (errors.length > 0) throw new Error(`mail template ${template.name}: ${errors.map((e) => e.formattedMessage).join('; ')}`);
  return html;
}
