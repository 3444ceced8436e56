use clap::Parser;

fn main() -> std::process::ExitCode {
    let cli = damas::cli::Cli::parse();
    match damas::cli::run(cli) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
