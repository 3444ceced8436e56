//! Calls to the Bot API with Telegram's flood control honoured and harmless errors absorbed.

use std::time::Duration;

use teloxide::ApiError;
use teloxide::RequestError;
use teloxide::requests::{Output, Request};

/// Retries after a 429 at most this many times; Telegram's waits are short in practice and a user
/// is waiting for the answer.
const MAX_RETRIES: u32 = 3;
const MAX_WAIT: Duration = Duration::from_secs(60);

/// Sends `request`, sleeping and resending when Telegram answers "retry after N seconds".
pub async fn call<R>(request: R) -> Result<Output<R>, RequestError>
where
    R: Request<Err = RequestError>,
{
    let mut attempt = 0;
    loop {
        match request.send_ref().await {
            Err(RequestError::RetryAfter(wait)) if attempt < MAX_RETRIES => {
                attempt += 1;
                let wait = wait.duration().min(MAX_WAIT);
                tracing::warn!(seconds = wait.as_secs(), attempt, "rate limited by Telegram; waiting");
                tokio::time::sleep(wait).await;
            }
            other => return other,
        }
    }
}

/// An edit that would not change the message is not worth an error: Telegram refuses it with
/// "message is not modified", which means the message already shows what we wanted.
pub async fn edit<R>(request: R) -> Result<(), RequestError>
where
    R: Request<Err = RequestError>,
{
    match call(request).await {
        Ok(_) => Ok(()),
        Err(RequestError::Api(ApiError::MessageNotModified)) => Ok(()),
        Err(e) => Err(e),
    }
}
