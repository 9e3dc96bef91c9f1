//! placeholder
hessian_contract::operations! {}
