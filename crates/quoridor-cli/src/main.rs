//! The `quoridor` binary: parses the command line and runs the subcommand. Exit codes: 0 on
//! success (and when the reader of standard output goes away), 2 on bad input or any other
//! error, with a one-line message on standard error.

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = match quoridor_cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                let _ = write!(std::io::stdout(), "{e}");
                return ExitCode::SUCCESS;
            }
            if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                let _ = write!(std::io::stderr(), "{e}");
                return ExitCode::from(2);
            }
            // clap's message spans several lines; its first paragraph, on one line, names the
            // bad token and the rule (a message such as "the following required arguments
            // were not provided:" names the arguments on the lines below it).
            let text = e.to_string();
            let lines: Vec<&str> = text
                .lines()
                .map(str::trim)
                .skip_while(|l| l.is_empty())
                .take_while(|l| !l.is_empty())
                .collect();
            let first = lines.join(" ");
            let first = first.strip_prefix("error: ").unwrap_or(&first);
            let first = if first.is_empty() { "bad arguments" } else { first };
            let _ = writeln!(std::io::stderr(), "quoridor: {first} (see `quoridor --help`)");
            return ExitCode::from(2);
        }
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let result = quoridor_cli::run(&cli, &mut out).and_then(|()| Ok(out.flush()?));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if quoridor_cli::is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "quoridor: {}", one_line(&e));
            ExitCode::from(2)
        }
    }
}

/// The error and its causes on one line, `error: cause: cause`, leaving out a cause whose
/// text the line already ends with (errors that end their own message with their source).
fn one_line(e: &anyhow::Error) -> String {
    let mut line = String::new();
    for cause in e.chain() {
        let text = cause.to_string().replace('\n', " ");
        if line.ends_with(&text) {
            continue;
        }
        if !line.is_empty() {
            line.push_str(": ");
        }
        line.push_str(&text);
    }
    line
}
