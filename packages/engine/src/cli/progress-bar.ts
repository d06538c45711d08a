// A one-line progress bar on stderr (stdout stays clean for scripts). Without a TTY it prints
// one line per stage change instead of redrawing.

export interface ProgressBar {
  update(fraction: number, label: string): void;
  done(message?: string): void;
}

export function progressBar(stream: NodeJS.WriteStream = process.stderr, width = 24): ProgressBar {
  const tty = Boolean(stream.isTTY);
  const started = performance.now();
  let lastLabel = "";
  return {
    update(fraction, label) {
      const f = Math.min(1, Math.max(0, fraction));
      const secs = ((performance.now() - started) / 1000).toFixed(1);
      if (tty) {
        const full = Math.round(f * width);
        const bar = `${"█".repeat(full)}${"░".repeat(width - full)}`;
        stream.write(
          `\r${bar} ${String(Math.round(f * 100)).padStart(3)}% ${label.padEnd(28)} ${secs}s`,
        );
      } else if (label !== lastLabel) {
        stream.write(`[${String(Math.round(f * 100)).padStart(3)}%] ${label} (${secs}s)\n`);
      }
      lastLabel = label;
    },
    done(message) {
      if (tty) stream.write("\r\x1b[2K");
      if (message) stream.write(`${message}\n`);
    },
  };
}
