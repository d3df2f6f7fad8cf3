#!/usr/bin/env bash
# Makes the files of a secured DDS domain for tests (issue 15, way 1), with openssl: one CA (identity and permissions),
# and per participant NAME a folder OUT/NAME with what `ddstuner --security DIR` reads: identity_ca.pem, identity.pem,
# identity_key.pem, permissions_ca.pem, governance.p7s, permissions.p7s (S/MIME-signed by the CA).
# Governance: authenticated participants only, discovery and liveliness protected, payload encrypted, read and write
# access control on every topic; permissions: every participant may do anything in domains 0-230.
# Usage: make-domain.sh OUT NAME...
set -euo pipefail
out="$1"; shift
mkdir -p "$out/ca"
cd "$out/ca"
openssl ecparam -name prime256v1 -genkey -noout -out ca_key.pem
openssl req -x509 -new -key ca_key.pem -sha256 -days 30 -subj "/C=NL/O=DDS Tuner test/CN=Test CA" -out ca.pem
cat > governance.xml <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<dds xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
     xsi:noNamespaceSchemaLocation="http://www.omg.org/spec/DDS-SECURITY/20170901/omg_shared_ca_governance.xsd">
  <domain_access_rules>
    <domain_rule>
      <domains><id_range><min>0</min><max>230</max></id_range></domains>
      <allow_unauthenticated_participants>false</allow_unauthenticated_participants>
      <enable_join_access_control>true</enable_join_access_control>
      <discovery_protection_kind>ENCRYPT</discovery_protection_kind>
      <liveliness_protection_kind>ENCRYPT</liveliness_protection_kind>
      <rtps_protection_kind>NONE</rtps_protection_kind>
      <topic_access_rules>
        <topic_rule>
          <topic_expression>*</topic_expression>
          <enable_discovery_protection>true</enable_discovery_protection>
          <enable_liveliness_protection>true</enable_liveliness_protection>
          <enable_read_access_control>true</enable_read_access_control>
          <enable_write_access_control>true</enable_write_access_control>
          <metadata_protection_kind>ENCRYPT</metadata_protection_kind>
          <data_protection_kind>ENCRYPT</data_protection_kind>
        </topic_rule>
      </topic_access_rules>
    </domain_rule>
  </domain_access_rules>
</dds>
XML
openssl smime -sign -in governance.xml -text -out governance.p7s -signer ca.pem -inkey ca_key.pem
for name in "$@"; do
  d="$out/$name"
  mkdir -p "$d"
  openssl ecparam -name prime256v1 -genkey -noout -out "$d/identity_key.pem"
  openssl req -new -key "$d/identity_key.pem" -subj "/C=NL/O=DDS Tuner test/CN=$name" -out "$d/identity.csr"
  openssl x509 -req -in "$d/identity.csr" -CA ca.pem -CAkey ca_key.pem -CAcreateserial -days 30 -sha256 \
    -out "$d/identity.pem" 2>/dev/null
  cat > "$d/permissions.xml" <<XML
<?xml version="1.0" encoding="UTF-8"?>
<dds xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
     xsi:noNamespaceSchemaLocation="http://www.omg.org/spec/DDS-SECURITY/20170901/omg_shared_ca_permissions.xsd">
  <permissions>
    <grant name="${name}_grant">
      <subject_name>CN=$name,O=DDS Tuner test,C=NL</subject_name>
      <validity><not_before>2020-01-01T00:00:00</not_before><not_after>2099-01-01T00:00:00</not_after></validity>
      <allow_rule>
        <domains><id_range><min>0</min><max>230</max></id_range></domains>
        <publish><topics><topic>*</topic></topics><partitions><partition>*</partition></partitions></publish>
        <subscribe><topics><topic>*</topic></topics><partitions><partition>*</partition></partitions></subscribe>
      </allow_rule>
      <default>DENY</default>
    </grant>
  </permissions>
</dds>
XML
  openssl smime -sign -in "$d/permissions.xml" -text -out "$d/permissions.p7s" -signer ca.pem -inkey ca_key.pem
  cp ca.pem "$d/identity_ca.pem"
  cp ca.pem "$d/permissions_ca.pem"
  cp governance.p7s "$d/governance.p7s"
done
