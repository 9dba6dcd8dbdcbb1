//! The operations of error-contract checks and capability refusals (`lib/contract-lint.js`).

use super::{js_count, request, Host, Json, ProtocolError};
use crate::jsonrpc::{capability_missing as refusal, check_contract as check, findings_json, Contract};

request! {
    /// `checkContract(contract, { tool })`.
    CheckContract<'a> as "CheckContractRequest" {
        /// The first entries as read: `null` for one that is no object, else its fields
        /// (`{"nonFinite":…}` for NaN and ±Infinity, `{"other":…}` for a value no JSON
        /// primitive); absent when the contract is no list.
        entries: Option<Json<'a>> = "entries",
        /// How many entries the list holds.
        total: f64 = "total",
        /// The tool the messages name.
        tool: Option<&'a str> = "tool",
    }
}

/// The findings, as a JSON list.
pub(crate) fn check_contract(request: CheckContract<'_>, _: &mut dyn Host) -> Result<String, ProtocolError> {
    let contract = match request.entries {
        None => Contract::NotAList,
        Some(entries) => {
            Contract::Entries { entries: entries.0.as_array().unwrap_or_default(), total: js_count(request.total) }
        }
    };
    Ok(findings_json(&check(contract, request.tool)))
}

request! {
    /// `capabilityMissing(capability, { fallbackHint })`.
    CapabilityMissing<'a> as "CapabilityMissingRequest" {
        capability: &'a str = "capability",
        fallback_hint: Option<&'a str> = "fallbackHint",
    }
}

/// The refusal's `{ code, message, data }`, or `null` for a string that is no capability name.
pub(crate) fn capability_missing(request: CapabilityMissing<'_>, _: &mut dyn Host) -> Result<String, ProtocolError> {
    Ok(refusal(request.capability, request.fallback_hint).map_or_else(|| "null".to_owned(), |parts| parts.to_json()))
}

#[cfg(test)]
mod tests {
    use super::*;

    struct NoHost;
    impl Host for NoHost {
        fn fill_random(&mut self, _: &mut [u8]) -> bool {
            false
        }
    }

    #[test]
    fn the_operations_answer_as_the_js_layer_reads_them() {
        let entries = crate::value::Value::parse_json(r#"[null]"#).unwrap();
        let found = check_contract(
            CheckContract {
                entries: Some(Json(&entries)),
                total: 3.0,
                tool: Some("t"),
                lifetime: core::marker::PhantomData,
            },
            &mut NoHost,
        )
        .unwrap();
        assert!(found.starts_with(
            r#"[{"rule":"error-contract-entry-type","severity":"error","message":"tool 't' errors[0] must"#
        ));
        assert!(found.contains(r#""rule":"error-contract-truncated""#));
        let not_a_list = check_contract(
            CheckContract { entries: None, total: 0.0, tool: None, lifetime: core::marker::PhantomData },
            &mut NoHost,
        )
        .unwrap();
        assert_eq!(
            not_a_list,
            r#"[{"rule":"error-contract-type","severity":"error","message":"tool '<unnamed>' has 'errors' but it is not an array."}]"#
        );
    }

    #[test]
    fn a_refusal_or_null() {
        let request =
            |capability| CapabilityMissing { capability, fallback_hint: None, lifetime: core::marker::PhantomData };
        assert_eq!(capability_missing(request("a b"), &mut NoHost).unwrap(), "null");
        assert!(capability_missing(request("roots"), &mut NoHost).unwrap().starts_with(r#"{"code":-32600,"message":"#));
    }
}
