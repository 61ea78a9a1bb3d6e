import nodemailer, { type Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * Mails through the SMTP server of SMTP_URL (nodemailer's URL form: smtp://user:pass@host:587,
 * smtps://… for TLS from the start); none when it is unset (the screens then show the link once).
 */
export function createMailer(smtpUrl: string | undefined, from: string): Mailer | undefined {
  if (!smtpUrl) return undefined;
  let transport: Transporter | undefined;
  return {
    async send(mail) {
      transport ??= nodemailer.createTransport(smtpUrl);
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    close() {
      transport?.close();
    },
  };
}
