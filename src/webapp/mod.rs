//! The HTTP side: health checks, the Mini App page and its API.

pub mod init_data;
