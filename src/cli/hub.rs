//! `damas hub`: the Hub protocol on standard input and output.

pub fn run() -> anyhow::Result<()> {
    let input = std::io::BufReader::new(std::io::stdin());
    crate::engine::hub::serve(input, std::io::stdout());
    Ok(())
}
