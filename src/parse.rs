//! Placeholder: the Python index-expression parser is being written.

use std::str::FromStr;

use crate::error::Error;
use crate::spec::StridedSlice;

impl FromStr for StridedSlice {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self, Error> {
        Err(Error::Parse {
            offset: 0,
            expected: String::from("a parser"),
            found: format!("{text:?}"),
        })
    }
}
