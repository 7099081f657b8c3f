// Sends an alert e-mail over SMTP (nodemailer). The Message-ID is the delivery's id, so a message
// retried after an unclear failure is recognisable as the same one.
import "server-only";
import nodemailer from "nodemailer";

export type EmailSettings = { smtpUrl?: string; from: string };
export type SendResult = { ok: true; responseStatus?: number } | { ok: false; error: string; responseStatus?: number };

export async function sendAlertEmail(
  settings: EmailSettings,
  message: { deliveryId: string; to: string; subject: string; text: string },
): Promise<SendResult> {
  if (!settings.smtpUrl) return { ok: false, error: "No SMTP server is configured (ALERT_SMTP_URL)." };
  const transport = nodemailer.createTransport({
    url: settings.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 15_000,
  });
  try {
    await transport.sendMail({
      from: settings.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      messageId: `<alert-${message.deliveryId}@wallet-dashboard>`,
    });
    return { ok: true };
  } catch (error) {
    // The SMTP URL may carry a password: the error names the failure, never the URL.
    const smtpError = error as { responseCode?: number; code?: string; message?: string };
    return {
      ok: false,
      responseStatus: smtpError.responseCode,
      error: `SMTP failed: ${smtpError.code ?? ""} ${smtpError.responseCode ?? ""}`.trim(),
    };
  } finally {
    transport.close();
  }
}
