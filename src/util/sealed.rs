//! Sealing: the extension traits carry a method returning a type only this crate can name, so
//! nobody else can implement them and adding methods is not a breaking change (ndarray's trick).

/// Not part of the API.
#[derive(Debug)]
pub struct PrivateMarker;

macro_rules! private_decl {
    () => {
        /// This trait is sealed: it cannot be implemented outside this crate.
        #[doc(hidden)]
        fn __private__(&self) -> crate::util::sealed::PrivateMarker;
    };
}

macro_rules! private_impl {
    () => {
        fn __private__(&self) -> crate::util::sealed::PrivateMarker {
            crate::util::sealed::PrivateMarker
        }
    };
}

pub(crate) use {private_decl, private_impl};
