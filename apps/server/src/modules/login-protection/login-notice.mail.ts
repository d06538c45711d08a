// The notice to an account's owner when wrong passwords pile up, in the account's language.
import type { MailMessage } from "../mail/mailer.ts";

export function loginNoticeMail(to: string, language: string, publicUrl: string): MailMessage {
  if (language.toLowerCase().startsWith("zh")) {
    const text = `过去一小时内，有人多次尝试用错误的密码登录您的 Photoshoot Studio 账户。\n\n如果是您本人，请忽略此邮件。如果不是，您的账户仍然安全：来自陌生地址的尝试会被限制。建议您前往 ${publicUrl} 修改为更强的密码。`;
    return {
      to,
      subject: "您的账户有多次登录失败",
      text,
      html: `<p>${text.replace(/\n\n/g, "</p><p>")}</p>`,
    };
  }
  const text = `Someone tried to sign in to your Photoshoot Studio account with a wrong password several times in the past hour.\n\nIf this was you, ignore this mail. If not, your account is still safe: attempts from unknown addresses are being limited. Consider choosing a stronger password at ${publicUrl}.`;
  return {
    to,
    subject: "Failed sign-in attempts on your account",
    text,
    html: `<p>${text.replace(/\n\n/g, "</p><p>")}</p>`,
  };
}
