fn main() {
    std::process::exit(calypso_director::cli::run());
}
