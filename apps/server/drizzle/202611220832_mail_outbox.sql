-- Mail written here instead of SMTP when SMTP_URL is unset; shown at /dev/mailbox.
create table mail_outbox (
  id bigserial primary key,
  recipient text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  created_at bigint not null
);
